"use client";
// The plan and this period's credits (usage.summary). Everyone reads the plan; only the
// operator of the service changes it (admin CLI `set-plan`), so the card says whom to ask.
import { formatNumber } from "../lib/format";
import { Badge } from "../ui/badge";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card";
import type { TUsageSummary } from "./types";

// What each plan includes (docs/contract.md, "Plans and credits"); the server's numbers win on the card.
const PLAN_OPTIONS = [
  { value: "starter", label: "Starter", note: "no API access" },
  { value: "pro", label: "Pro", note: "no API access" },
  { value: "team", label: "Team", note: "no API access" },
  { value: "growth", label: "Growth", note: "10,000 credits a month" },
  { value: "enterprise", label: "Enterprise", note: "unlimited credits" },
] as const;

const planLabel = (plan: string): string => PLAN_OPTIONS.find((option) => option.value === plan)?.label ?? plan;

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0 rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function PlanCard({ summary }: { summary: TUsageSummary }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 font-semibold leading-tight">
          <span data-testid="plan-name">{planLabel(summary.plan)} plan</span>
          <Badge variant="outline">{summary.period}</Badge>
          {summary.livemode ? null : <Badge variant="warning">Test mode</Badge>}
        </h2>
        <CardDescription>
          {summary.livemode
            ? "Credits this billing period (UTC month). Failed runs the service caused are refunded."
            : "Test mode: test runs use no credits, so these numbers stay at zero. Switch to live mode for real usage."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Stat label="Included" value={summary.unlimited ? "Unlimited" : formatNumber(summary.included_credits)} testId="credits-included" />
          <Stat label="Top-ups" value={formatNumber(summary.topup_credits)} testId="credits-topup" />
          <Stat label="Used" value={formatNumber(summary.credits_used)} testId="credits-used" />
          <Stat label="Remaining" value={summary.unlimited ? "Unlimited" : formatNumber(summary.credits_remaining)} testId="credits-remaining" />
        </dl>
        <p className="text-sm text-muted-foreground" data-testid="plan-change-note">
          Need another plan? Plans are changed by the operator who runs this service, not from the dashboard: ask them (they use{" "}
          <code className="font-mono text-xs">admin set-plan</code>).
        </p>
      </CardContent>
    </Card>
  );
}
