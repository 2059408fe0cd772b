"use client";
// The organization's spot-check rates (admins): per built-in agent, the share of runs that
// completed on their own sent to the triage queue for a verdict. A custom agent sets its own
// review.spot_check_rate (docs/api-conventions.md, "Spot checks").
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field, Input } from "../ui/input";
import { SettingsFormFooter } from "./settings-form-footer";

// Kept here rather than imported: the domain modules reach the database client.
const BUILT_IN_AGENTS = ["ap_specialist", "rfq_generator", "center", "assistant"] as const;
type TBuiltInAgent = (typeof BUILT_IN_AGENTS)[number];

/** The rate as a percentage for the input (0.05 → "5"). */
const asPercent = (rate: number | undefined) => String(Math.round((rate ?? 0) * 10_000) / 100);

export function SpotCheckRatesForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const organization = useQuery(trpc.organization.get.queryOptions({}));
  const [percents, setPercents] = useState<Record<TBuiltInAgent, string>>({ ap_specialist: "0", rfq_generator: "0", center: "0", assistant: "0" });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const rates = organization.data?.spot_check_rates;
    if (rates) setPercents({ ap_specialist: asPercent(rates.ap_specialist), rfq_generator: asPercent(rates.rfq_generator), center: asPercent(rates.center), assistant: asPercent(rates.assistant) });
  }, [organization.data]);
  const update = useMutation(
    trpc.organization.updateSettings.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.organization.get.queryKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const rates = Object.fromEntries(BUILT_IN_AGENTS.map((agent) => [agent, Number(percents[agent]) / 100])) as Record<TBuiltInAgent, number>;
    update.mutate({ spot_check_rates: rates });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Spot checks</CardTitle>
        <CardDescription>
          The share of each built-in agent&apos;s runs that completed on their own sent to the triage queue for a person&apos;s verdict.
          Exactly that share is sampled (1 in 20 at 5%); the runs themselves do not change.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-label="Spot checks" className="grid gap-4 sm:grid-cols-2">
          {BUILT_IN_AGENTS.map((agent) => (
            <Field key={agent} id={`${id}-${agent}`} label={`${agent} (% of completed runs)`}>
              <Input
                id={`${id}-${agent}`}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="any"
                required
                disabled={!organization.data}
                value={percents[agent]}
                onChange={(e) => {
                  setPercents({ ...percents, [agent]: e.target.value });
                  setSaved(false);
                }}
              />
            </Field>
          ))}
          <SettingsFormFooter error={update.error ?? organization.error} pending={update.isPending} ready={Boolean(organization.data)} saved={saved} label="Save spot-check rates" />
        </form>
      </CardContent>
    </Card>
  );
}
