"use client";
// The AP agent's tolerances in the dashboard's mode (admins): GET/PATCH /v1/settings over tRPC
// (docs/api-conventions.md, "AP controls"). Each mode has its own; defaults where never set.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field, Input } from "../ui/input";
import { SettingsFormFooter } from "./settings-form-footer";

const FIELDS = [
  { name: "price_tolerance_percent", label: "Price tolerance (%)", max: 100, step: "any" },
  { name: "quantity_tolerance", label: "Quantity tolerance (units)", max: 1_000_000, step: "any" },
  { name: "amount_tolerance", label: "Amount tolerance (invoice currency)", max: 1_000_000_000, step: "any" },
  { name: "duplicate_window_days", label: "Duplicate window (days)", max: 3650, step: "1" },
] as const;
type TField = (typeof FIELDS)[number]["name"];
type TValues = Record<TField, string>;

export function ApSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery(trpc.settings.get.queryOptions({}));
  const [values, setValues] = useState<TValues>({ price_tolerance_percent: "", quantity_tolerance: "", amount_tolerance: "", duplicate_window_days: "" });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const ap = settings.data?.ap;
    if (ap) setValues({ price_tolerance_percent: String(ap.price_tolerance_percent), quantity_tolerance: String(ap.quantity_tolerance), amount_tolerance: String(ap.amount_tolerance), duplicate_window_days: String(ap.duplicate_window_days) });
  }, [settings.data]);
  const update = useMutation(
    trpc.settings.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate({
      ap: {
        price_tolerance_percent: Number(values.price_tolerance_percent),
        quantity_tolerance: Number(values.quantity_tolerance),
        amount_tolerance: Number(values.amount_tolerance),
        duplicate_window_days: Number(values.duplicate_window_days),
      },
    });
  };

  const mode = settings.data ? (settings.data.livemode ? "live" : "test") : "this";
  return (
    <Card>
      <CardHeader>
        <CardTitle>AP tolerances</CardTitle>
        <CardDescription>
          How closely ap_specialist matches invoices to orders and receipts, and how far apart two invoices of one vendor with the same
          amount may be dated to be held as possible duplicates, in {mode} mode.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="AP tolerances" className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <Field key={field.name} id={`${id}-${field.name}`} label={field.label}>
              <Input
                id={`${id}-${field.name}`}
                type="number"
                inputMode="decimal"
                min={0}
                max={field.max}
                step={field.step}
                required
                disabled={!settings.data}
                value={values[field.name]}
                onChange={(e) => {
                  setValues({ ...values, [field.name]: e.target.value });
                  setSaved(false);
                }}
              />
            </Field>
          ))}
          <SettingsFormFooter error={update.error ?? settings.error} pending={update.isPending} ready={Boolean(settings.data)} saved={saved} label="Save AP tolerances" />
        </form>
      </CardContent>
    </Card>
  );
}
