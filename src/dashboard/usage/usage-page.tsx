"use client";
// The usage page: plan and credits, credits per day, runs per agent, per member, and the
// ledger. Every number comes from the same usage procedures /v1 exposes (plus the
// dashboard-only daily and per-agent breakdowns).
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PageHeader } from "../shell/dashboard-shell";
import { useSession } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { CreditsChart } from "./credits-chart";
import { LedgerDownload } from "./ledger-download";
import { PlanCard } from "./plan-card";
import { AgentUsageTable, LedgerTable, MemberUsageTable } from "./usage-tables";

/** A query's loading, error or data state, in one place for every section. */
function QueryState<T>({ query, label, children }: { query: { data?: T; error: unknown; isPending: boolean }; label: string; children: (data: T) => ReactNode }) {
  if (query.error) return <ErrorMessage error={query.error} />;
  if (query.isPending || query.data === undefined) return <Loading label={`Loading ${label}`} rows={2} />;
  return <>{children(query.data)}</>;
}

function Section({ title, description, children, testId }: { title: string; description?: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader>
        <h2 className="font-semibold leading-tight">{title}</h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

export function UsagePage() {
  const trpc = useTRPC();
  const { current } = useSession();
  const summary = useQuery(trpc.usage.summary.queryOptions({}));
  const daily = useQuery(trpc.usage.daily.queryOptions({}));
  const byAgent = useQuery(trpc.usage.byAgent.queryOptions({}));
  const members = useQuery(trpc.usage.members.queryOptions({}));
  const history = useQuery(trpc.usage.history.queryOptions({}));

  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader
        title="Usage"
        description={`Credits and runs of ${current.organization_name} in ${current.mode} mode this billing period.`}
      />
      <QueryState query={summary} label="plan">
        {(data) => <PlanCard summary={data} />}
      </QueryState>
      <Section title="Credits per day" description="Debits minus refunds, per UTC day." testId="credits-per-day">
        <QueryState query={daily} label="daily credits">
          {(data) =>
            data.data.some((day) => day.credits > 0) ? (
              <CreditsChart period={data.period} days={data.data} />
            ) : (
              <EmptyState title="No credits used yet this period">
                {data.livemode ? "Live runs are charged when they start; each day's credits show here." : "Test runs use no credits. Switch to live mode to see charges."}
              </EmptyState>
            )
          }
        </QueryState>
      </Section>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Section title="Runs per agent" description="Runs started this period and the credits they used.">
          <QueryState query={byAgent} label="runs per agent">
            {(data) => <AgentUsageTable rows={data.data} />}
          </QueryState>
        </Section>
        <Section title="Per member" description="Runs of the API keys each member created, and the credits charged to them.">
          <QueryState query={members} label="member usage">
            {(data) => <MemberUsageTable rows={data.data} />}
          </QueryState>
        </Section>
      </div>
      <Section title="Ledger" description="The newest 50 entries: charges, refunds and top-ups, with the balance after each.">
        <div className="mb-3">
          <LedgerDownload mode={current.mode} />
        </div>
        <QueryState query={history} label="ledger">
          {(data) => <LedgerTable rows={data.data} />}
        </QueryState>
      </Section>
    </div>
  );
}
