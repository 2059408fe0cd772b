"use client";
// The Quality page of an agent (docs/dashboard.md, "The Quality page"): how often people agreed
// with it per confidence band, its review rate over time, its versions side by side, and the
// threshold the evidence recommends, which admins apply. Every number comes from agents.quality,
// the procedure behind GET /v1/agents/{name}/quality, except a running rollout's two versions
// (rollouts.get, GET /v1/agents/{name}/rollout).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import type { TAgentView } from "../agents/types";
import { formatDateTime, formatNumber } from "../lib/format";
import { RolloutComparison, useRollout } from "../releases/rollout-panel";
import { PageHeader } from "../shell/dashboard-shell";
import { useCan, useIsAdmin, useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { Field, Input, Select } from "../ui/input";
import { ApplyThreshold } from "./apply-threshold";
import { ReliabilityChart } from "./reliability-chart";
import { ReviewRateChart } from "./review-rate-chart";
import { formatRate, formatThreshold, type TQuality } from "./types";
import { periodSlices, periodStart } from "./period";
import { useQualityReport, useQualityReports, type TReportInput } from "./use-quality";
import { mostJudgedAgent, PERIOD_DAYS, useQualityParams, type TQualityParams } from "./use-quality-params";
import { VersionsTable } from "./versions-table";

function Section({ title, description, children, testId }: { title: string; description?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

export function QualityPage() {
  const trpc = useTRPC();
  const { mode } = useSession().current;
  const [choice, setChoice] = useQualityParams();
  const agents = useQuery(trpc.agents.list.queryOptions({}));
  const list = useMemo(() => agents.data?.data ?? [], [agents.data]);
  // One "now" per visit, so the period's queries keep their keys between renders.
  const [now] = useState(() => new Date());
  // Without an agent in the URL, the page opens on the one with the most judged runs in the
  // period: each agent's report is read (the chosen one's is then already in the cache).
  const candidates = useMemo(
    () =>
      choice.agent
        ? []
        : list.slice(0, 20).map((agent) => ({ name: agent.name, from: periodStart(now, choice.days), to: now.toISOString(), target_agreement: choice.target })),
    [choice.agent, choice.days, choice.target, list, now],
  );
  const candidateReports = useQualityReports(candidates);
  const judgedPick = mostJudgedAgent(
    candidates.map((candidate, index) => {
      const report = candidateReports[index];
      // A report that failed counts as nothing judged, so one error does not hold the page.
      const judged = report?.data ? report.data.buckets.reduce((sum, bucket) => sum + bucket.judged, 0) : report?.error ? 0 : undefined;
      return { name: candidate.name, judged };
    }),
  );
  const name = choice.agent ?? judgedPick ?? null;

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title="Quality"
        description={`How often people agree with each ${mode}-mode agent, by its confidence, and the review threshold that evidence supports.`}
      />
      <ErrorMessage error={agents.error} />
      {agents.isPending ? (
        <Loading label="Loading agents" rows={1} />
      ) : (
        <QualityControls agents={list} agent={name} choice={choice} onChange={setChoice} />
      )}
      {name ? <AgentQuality key={name} name={name} choice={choice} now={now} /> : null}
    </div>
  );
}

function QualityControls({
  agents,
  agent,
  choice,
  onChange,
}: {
  agents: TAgentView[];
  agent: string | null;
  choice: TQualityParams;
  onChange: (change: Partial<TQualityParams>) => void;
}) {
  const id = useId();
  const [target, setTarget] = useState(String(choice.target));
  useEffect(() => setTarget(String(choice.target)), [choice.target]);
  const targetValue = Number(target);
  const targetProblem = target.trim() === "" || !(targetValue > 0 && targetValue <= 1) ? "Enter a share above 0 and at most 1, such as 0.95" : undefined;
  const commitTarget = () => {
    if (!targetProblem && targetValue !== choice.target) onChange({ target: targetValue });
  };
  return (
    <div className="grid items-start gap-4 rounded-lg border p-4 sm:grid-cols-3" role="group" aria-label="What to show">
      <Field id={`${id}-agent`} label="Agent">
        <Select id={`${id}-agent`} value={agent ?? ""} onChange={(event) => onChange({ agent: event.target.value })}>
          {agents.map((option) => (
            <option key={option.name} value={option.name}>
              {option.name}
              {option.kind === "built_in" ? " (built-in)" : ""}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-period`} label="Period">
        <Select id={`${id}-period`} value={choice.days} onChange={(event) => onChange({ days: Number(event.target.value) as TQualityParams["days"] })}>
          {PERIOD_DAYS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-target`} label="Target agreement" hint="The share of decisions (one per decided round) that must agree with the agent (0.95: 95%)." error={targetProblem}>
        <Input
          id={`${id}-target`}
          type="number"
          inputMode="decimal"
          min={0.01}
          max={1}
          step={0.01}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          onBlur={commitTarget}
          onKeyDown={(event) => {
            if (event.key === "Enter") commitTarget();
          }}
          aria-invalid={targetProblem ? true : undefined}
          aria-describedby={targetProblem ? `${id}-target-error` : `${id}-target-hint`}
        />
      </Field>
    </div>
  );
}

function AgentQuality({ name, choice, now }: { name: string; choice: TQualityParams; now: Date }) {
  const trpc = useTRPC();
  const agent = useQuery(trpc.agents.get.queryOptions({ name }));
  const base = useMemo(
    () => ({ name, from: periodStart(now, choice.days), to: now.toISOString(), target_agreement: choice.target }),
    [name, now, choice.days, choice.target],
  );
  const report = useQualityReport(base);
  const [applied, setApplied] = useState<string | null>(null);

  if (agent.error || report.error) return <ErrorMessage error={agent.error ?? report.error} />;
  if (!agent.data || !report.data) return <Loading label="Loading the quality report" rows={4} />;
  const quality = report.data;
  const definition = agent.data.agent;
  return (
    <div className="grid min-w-0 gap-4">
      {applied ? (
        <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
          {applied}
        </p>
      ) : null}
      <ThresholdSection quality={quality} agent={definition} onApplied={setApplied} />
      <Section
        title="Reliability"
        testId="reliability"
        description="Per confidence band: how often people agreed with the agent (approved without edits, or a spot check marked correct), and how many runs they judged. The dashed line is the target."
      >
        {quality.buckets.some((bucket) => bucket.runs > 0) ? (
          <ReliabilityChart buckets={quality.buckets} target={quality.threshold.target_agreement} />
        ) : (
          <EmptyState title={`No runs of version ${quality.version} in this period`}>Runs and the decisions people make on them show here.</EmptyState>
        )}
      </Section>
      <Section title="Review rate over time" description="The share of runs sent to a person, in consecutive slices of the period.">
        <ReviewRate base={base} days={choice.days} now={now} />
      </Section>
      {definition.kind === "custom" && agent.data.versions.some((version) => version.latest_rollout?.status === "running") ? (
        <RunningRollout name={name} />
      ) : null}
      <Section title="Versions side by side" description="Each version's runs in this period, the agreement people found, its threshold and the one recommended.">
        {definition.kind === "custom" ? (
          <VersionsTable base={base} versions={agent.data.versions.map((version) => version.version)} active={definition.version} />
        ) : (
          <p className="text-sm text-muted-foreground">A built-in agent has one version; its threshold is the organization's.</p>
        )}
      </Section>
    </div>
  );
}

/** A running canary: the candidate and the active version side by side, live (rollouts.get, polled while it runs). */
function RunningRollout({ name }: { name: string }) {
  const rollout = useRollout(name, true);
  const current = rollout.data?.rollout;
  if (rollout.error) return <ErrorMessage error={rollout.error} />;
  if (!current) return <Loading label="Loading the rollout" rows={1} />;
  if (current.status !== "running") return null;
  return (
    <Section
      title="Rollout: both versions side by side"
      testId="rollout"
      description={`${current.percent}% of the runs that do not pin a version go to v${current.version}; the rest to v${current.baseline_version}. Since it started ${formatDateTime(current.started_at)}.`}
    >
      <RolloutComparison rollout={current} />
    </Section>
  );
}

function ThresholdSection({ quality, agent, onApplied }: { quality: TQuality; agent: TAgentView; onApplied: (message: string) => void }) {
  const canWriteAgent = useCan("agents:write");
  const isAdmin = useIsAdmin();
  const { threshold } = quality;
  // A custom agent's version needs agents:write; the organization's threshold an admin.
  const mayApply = agent.kind === "custom" ? canWriteAgent : isAdmin;
  const differs = threshold.recommended !== null && threshold.recommended !== threshold.current;
  return (
    <Section
      title="Threshold"
      testId="threshold"
      description={
        <>
          <span className="font-mono">{agent.name}</span> v{quality.version}{" "}
          {agent.kind === "built_in" ? <Badge variant="outline">built-in: the organization&apos;s threshold</Badge> : null}
        </>
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" aria-label="Threshold">
          <dt className="text-muted-foreground">Current threshold</dt>
          <dd data-testid="threshold-current">{formatThreshold(threshold.current)}</dd>
          <dt className="text-muted-foreground">Recommended</dt>
          <dd data-testid="threshold-recommended">
            {threshold.recommended === null ? (
              <span>None yet{threshold.reason ? `: ${threshold.reason}` : ""}</span>
            ) : (
              formatThreshold(threshold.recommended)
            )}
          </dd>
          <dt className="text-muted-foreground">Target agreement</dt>
          <dd>{formatRate(threshold.target_agreement)}</dd>
          <dt className="text-muted-foreground">Review rate now</dt>
          <dd data-testid="review-rate-now">{formatRate(threshold.review_rate_now)}</dd>
          <dt className="text-muted-foreground">At the recommended threshold</dt>
          <dd data-testid="review-rate-recommended">{formatRate(threshold.review_rate_at_recommended)}</dd>
        </dl>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" aria-label="Runs in this period">
          <dt className="text-muted-foreground">Runs</dt>
          <dd>{formatNumber(quality.runs)}</dd>
          <dt className="text-muted-foreground">Completed on their own</dt>
          <dd>{formatNumber(quality.completed_on_own)}</dd>
          <dt className="text-muted-foreground">Sent to review</dt>
          <dd>{formatNumber(quality.sent_to_review)}</dd>
          <dt className="text-muted-foreground">Approved (edited)</dt>
          <dd>
            {formatNumber(quality.outcomes.approved)} ({formatNumber(quality.outcomes.approved_edited)})
          </dd>
          <dt className="text-muted-foreground">Changes requested · rejected</dt>
          <dd>
            {formatNumber(quality.outcomes.changes_requested)} · {formatNumber(quality.outcomes.rejected)}
          </dd>
          <dt className="text-muted-foreground">Spot checks correct · incorrect</dt>
          <dd>
            {formatNumber(quality.outcomes.spot_correct)} · {formatNumber(quality.outcomes.spot_incorrect)}
          </dd>
        </dl>
      </div>
      {threshold.recommended !== null && differs ? (
        <div className="mt-4">
          {mayApply ? (
            <ApplyThreshold agent={agent} recommended={threshold.recommended} current={threshold.current} onApplied={onApplied} />
          ) : (
            <p className="text-sm text-muted-foreground">
              {agent.kind === "custom" ? "An admin can apply the recommended threshold as a new version." : "An admin can apply the recommended threshold to the organization."}
            </p>
          )}
        </div>
      ) : threshold.recommended !== null ? (
        <p className="mt-4 text-sm text-muted-foreground">The current threshold is the one the evidence recommends.</p>
      ) : null}
    </Section>
  );
}

function ReviewRate({ base, days, now }: { base: Omit<TReportInput, "from" | "to">; days: TQualityParams["days"]; now: Date }) {
  const slices = useMemo(() => periodSlices(now, days), [now, days]);
  const reports = useQualityReports(slices.map((slice) => ({ ...base, ...slice })));
  const failed = reports.find((report) => report.error);
  if (failed) return <ErrorMessage error={failed.error} />;
  if (reports.some((report) => report.isPending)) return <Loading label="Loading the review rate" rows={2} />;
  const points = reports.map((query, index) => {
    const report = query.data!;
    return { ...slices[index]!, runs: report.runs, sent_to_review: report.sent_to_review };
  });
  return <ReviewRateChart points={points} />;
}
