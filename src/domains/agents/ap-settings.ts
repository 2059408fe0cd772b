// The AP agent's tolerances as an organization sets them per mode (GET/PATCH /v1/settings;
// docs/api-conventions.md, "AP controls"). Stored in organizations.ap_settings as
// {"test": {...}, "live": {...}}, only what was set; the defaults fill the rest when read.
import { z } from "zod";
import { DEFAULT_AP_SETTINGS, type TApSettings } from "./ap-specialist.ts";

const bounded = (name: string, max: number, integer = false) => {
  const message = `${name} must be ${integer ? "a whole number " : "a number "}between 0 and ${max}`;
  const number = z.number({ error: message }).min(0, message).max(max, message);
  return integer ? number.int(message) : number;
};

export const ZApSettings = z.object({
  price_tolerance_percent: bounded("ap.price_tolerance_percent", 100)
    .meta({ description: "A unit price or total within this percentage of the purchase order's matches it (0.5 means 0.5 %). Default 0.5." }),
  quantity_tolerance: bounded("ap.quantity_tolerance", 1_000_000)
    .meta({ description: "Units: a quantity this close to the order's or the receipt's matches it. Default 0." }),
  amount_tolerance: bounded("ap.amount_tolerance", 1_000_000_000)
    .meta({ description: "Absolute, in the invoice's currency: a total this close to the order's (or to what is left of it) matches; the larger of this and the percentage applies. Default 0." }),
  duplicate_window_days: bounded("ap.duplicate_window_days", 3650, true)
    .meta({ description: "Invoices of one vendor with the same amount and invoice dates at most this many days apart are possible duplicates. Default 30." }),
});

/** What a PATCH sets: any of the four (what is left out stays as it is), at least one. */
export const ZApSettingsPatch = ZApSettings.partial()
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: "ap must set at least one of price_tolerance_percent, quantity_tolerance, amount_tolerance, duplicate_window_days",
  });
export type TApSettingsPatch = z.infer<typeof ZApSettingsPatch>;

const modeKey = (livemode: boolean): "live" | "test" => (livemode ? "live" : "test");

/** One mode's settings from the stored column: what was set, valid, over the defaults. */
export function apSettingsFrom(stored: unknown, livemode: boolean): TApSettings {
  const mode = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>)[modeKey(livemode)] : undefined;
  const parsed = ZApSettings.partial().safeParse(mode ?? {});
  return { ...DEFAULT_AP_SETTINGS, ...(parsed.success ? stripUndefined(parsed.data) : {}) };
}

export const apSettingsModeKey = modeKey;

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
