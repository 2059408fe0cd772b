// The organization's agent settings in the key's mode under /v1/settings (docs/api-conventions.md, "AP controls").
import { z } from "zod";
import { apiProcedure, router } from "../trpc/init.ts";
import {
  getSettings,
  updateSettings,
  ZSettingsResponse,
  ZUpdateSettingsRequest,
} from "../../domains/organizations/settings.service.ts";

export const settingsRouter = router({
  get: apiProcedure
    .meta({
      scope: "agents:read",
      rateLimit: "standard",
      openapi: {
        method: "GET",
        path: "/v1/settings",
        tags: ["settings"],
        summary: "Get the organization's agent settings in the key's mode",
        description: "The AP agent's tolerances (price, quantity, amount) and duplicate window, each mode its own; defaults where never set.",
      },
    })
    .input(z.object({}))
    .output(ZSettingsResponse)
    .query(({ ctx }) => getSettings(ctx.principal)),

  update: apiProcedure
    .meta({
      scope: "agents:write",
      rateLimit: "standard",
      openapi: {
        method: "PATCH",
        path: "/v1/settings",
        tags: ["settings"],
        summary: "Change the organization's agent settings in the key's mode",
        description:
          "Sets any of `ap.price_tolerance_percent`, `ap.quantity_tolerance`, `ap.amount_tolerance`, `ap.duplicate_window_days`; what is left out stays as it is. Runs recorded from then on use them.",
      },
    })
    .input(ZUpdateSettingsRequest)
    .output(ZSettingsResponse)
    .mutation(({ ctx, input }) => updateSettings(ctx.principal, input)),
});
