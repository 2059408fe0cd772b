"use client";
// The agent's current (or last) rollout: both versions' runs and agreement, live while it
// runs (rollouts.get every two seconds), its guard, and for admins Promote (disabled, with
// the gate's reasons, until the candidate's release gate passes) and Roll back (ends the
// rollout: new runs go to the active version again; runs in flight finish).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { runDetached } from "../lib/detached";
import { formatDateTime, formatNumber } from "../lib/format";
import { formatRate } from "../quality/types";
import { useTRPC } from "../trpc";
import { Badge, StatusBadge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorMessage, Loading } from "../ui/feedback";
import { GateResult } from "./gate-result";
import type { TRollout } from "./types";

const POLL_MS = 2_000;

/** rollouts.get, polled while the rollout runs (only asked for when the agent has had one: before that it is 404). */
export function useRollout(name: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(
    trpc.rollouts.get.queryOptions(
      { name },
      { enabled, refetchInterval: (current) => (current.state.data?.rollout.status === "running" ? POLL_MS : false) },
    ),
  );
}

export function RolloutPanel({ name, canWrite }: { name: string; canWrite: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useRollout(name, true);
  const status = query.data?.rollout.status;
  // When it ends (promoted, rolled back by its guard, cancelled) the version list changes too.
  const lastStatus = useRef(status);
  useEffect(() => {
    if (lastStatus.current && status && lastStatus.current !== status) {
      runDetached(
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ name }) }),
          queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey() }),
        ]),
        "refreshing the agent",
      );
    }
    lastStatus.current = status;
  }, [status, name, queryClient, trpc]);
  const ended = async (answer: { rollout: TRollout }) => {
    queryClient.setQueryData(trpc.rollouts.get.queryKey({ name }), answer);
  };
  const promote = useMutation(trpc.rollouts.promote.mutationOptions({ onSuccess: ended }));
  const cancel = useMutation(trpc.rollouts.cancel.mutationOptions({ onSuccess: ended }));

  if (query.error) return <ErrorMessage error={query.error} />;
  if (!query.data) return <Loading label="Loading the rollout" rows={2} />;
  const rollout = query.data.rollout;
  return (
    <section aria-label={`Rollout of v${rollout.version}`} className="grid min-w-0 gap-4 rounded-lg border p-4" data-testid="rollout-panel">
      <div className="grid gap-1">
        <h4 className="font-medium">
          Rollout of v{rollout.version} <StatusBadge status={rollout.status} />
        </h4>
        <p className="text-xs text-muted-foreground">
          {rollout.percent}% of the unpinned runs · started {formatDateTime(rollout.started_at)}
          {rollout.ended_at ? ` · ended ${formatDateTime(rollout.ended_at)}` : ""}
        </p>
        {rollout.reason ? <p className="text-sm">{rollout.reason}</p> : null}
      </div>
      <RolloutComparison rollout={rollout} />
      <p className="text-xs text-muted-foreground">
        Guard: after {formatNumber(rollout.min_judged)} judged runs of v{rollout.version}, an agreement below {formatRate(rollout.min_agreement)} rolls it
        back. {formatRate(rollout.spot_check_rate)} of its runs that complete on their own are spot-checked.
      </p>
      {rollout.status === "running" ? (
        <>
          <GateResult gate={rollout.gate} label="Release gate of the candidate" />
          {canWrite ? <RolloutActions name={name} rollout={rollout} onPromote={(force) => promote.mutateAsync({ name, force })} onCancel={() => cancel.mutateAsync({ name })} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** Candidate and baseline side by side (the Agents page and the Quality page). */
export function RolloutComparison({ rollout }: { rollout: Pick<TRollout, "version" | "baseline_version" | "runs" | "judged" | "agreement_rate" | "baseline"> }) {
  const rows = [
    { label: "candidate", version: rollout.version, runs: rollout.runs, judged: rollout.judged, agreement: rollout.agreement_rate },
    { label: "baseline", version: rollout.baseline_version, runs: rollout.baseline.runs, judged: rollout.baseline.judged, agreement: rollout.baseline.agreement_rate },
  ];
  return (
    <div className="min-w-0 overflow-x-auto">
      <table className="w-full text-sm" aria-label={`v${rollout.version} against v${rollout.baseline_version}`}>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="px-3 py-2 font-medium text-muted-foreground">Version</th>
            <th scope="col" className="px-3 py-2 text-right font-medium text-muted-foreground">Runs</th>
            <th scope="col" className="px-3 py-2 text-right font-medium text-muted-foreground">Judged</th>
            <th scope="col" className="px-3 py-2 text-right font-medium text-muted-foreground">Agreement</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b last:border-0" data-arm={row.label}>
              <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                v{row.version} <Badge variant={row.label === "candidate" ? "secondary" : "outline"}>{row.label}</Badge>
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{formatNumber(row.runs)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatNumber(row.judged)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatRate(row.agreement)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RolloutActions({
  name,
  rollout,
  onPromote,
  onCancel,
}: {
  name: string;
  rollout: TRollout;
  onPromote: (force: boolean) => Promise<unknown>;
  onCancel: () => Promise<unknown>;
}) {
  const id = useId();
  const passed = rollout.gate.passed;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {passed ? (
          <ConfirmDialog
            trigger={<Button size="sm">Promote v{rollout.version}</Button>}
            title={`Promote version ${rollout.version} of ${name}?`}
            description={`Version ${rollout.version} becomes the active version: every run that does not pin a version uses it from now on. The rollout ends promoted.`}
            confirmLabel={`Make v${rollout.version} active`}
            confirmVariant="default"
            onConfirm={() => onPromote(false)}
          />
        ) : (
          <Button size="sm" disabled aria-describedby={`${id}-why`}>
            Promote v{rollout.version}
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm">
              Roll back
            </Button>
          }
          title={`Roll back the rollout of version ${rollout.version}?`}
          description={`New runs go to version ${rollout.baseline_version} again; runs already sent to version ${rollout.version} finish. The rollout ends cancelled; it can be rolled out again.`}
          confirmLabel="Roll back"
          onConfirm={onCancel}
        />
        {passed ? null : (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm">
                Promote past the gate…
              </Button>
            }
            title={`Promote version ${rollout.version} without a passed evaluation?`}
            description={`Its release gate has not passed (${rollout.gate.reasons.join("; ")}). Promoting anyway is recorded on the version as forced, with your name.`}
            confirmLabel="Force promote"
            onConfirm={() => onPromote(true)}
          />
        )}
      </div>
      {passed ? null : (
        <p id={`${id}-why`} className="text-xs text-muted-foreground">
          Promote waits for the release gate: {rollout.gate.reasons.join("; ")}.
        </p>
      )}
    </div>
  );
}
