// The triage item as the list procedure returns it (types only: the server decides the shape).
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

export type TTriageItem = inferRouterOutputs<TAppRouter>["triage"]["list"]["data"][number];

/** The inline form open on the selected item, if any. */
export type TTriageForm = "reject" | "edit" | null;
