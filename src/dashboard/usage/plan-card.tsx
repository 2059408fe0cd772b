"use client";
// The plan and this period's credits (usage.summary). Admins can change the plan, after a
// confirmation; everyone else reads it. The server refuses non-admins either way.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatNumber } from "../lib/format";
import { useIsAdmin } from "../shell/session-context";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { ErrorMessage } from "../ui/feedback";
import { Label, Select } from "../ui/input";
import type { TUsageSummary } from "./types";

// What each plan includes (decisions.md, "Usage and credits"); the server's numbers win on the card.
const PLAN_OPTIONS = [
  { value: "starter", label: "Starter", note: "no API access" },
  { value: "pro", label: "Pro", note: "no API access" },
  { value: "team", label: "Team", note: "no API access" },
  { value: "growth", label: "Growth", note: "10,000 credits a month" },
  { value: "enterprise", label: "Enterprise", note: "unlimited credits" },
] as const;
type TPlan = (typeof PLAN_OPTIONS)[number]["value"];

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
  const isAdmin = useIsAdmin();
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
        {isAdmin ? <PlanChanger current={summary.plan} /> : null}
      </CardContent>
    </Card>
  );
}

function PlanChanger({ current }: { current: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TPlan>(current as TPlan);
  const [confirming, setConfirming] = useState(false);
  const setPlan = useMutation(
    trpc.organization.setPlan.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        // The plan shows on the card, in the session (shell) and in the organization.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.usage.summary.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.session.me.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.organization.get.queryKey() }),
        ]);
      },
    }),
  );
  const chosen = PLAN_OPTIONS.find((option) => option.value === choice);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setPlan.reset();
        setConfirming(true);
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="plan-select">Plan</Label>
        <Select id="plan-select" value={choice} onChange={(event) => setChoice(event.target.value as TPlan)}>
          {PLAN_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label} — {option.note}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline" disabled={choice === current}>
        Change plan
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Change the plan to {chosen?.label}?</DialogTitle>
            <DialogDescription>
              From {planLabel(current)} to {chosen?.label} ({chosen?.note}), starting now for this billing period
              {chosen && ["starter", "pro", "team"].includes(chosen.value) ? ". API keys stop working on this plan." : "."}
            </DialogDescription>
          </DialogHeader>
          <ErrorMessage error={setPlan.error} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={() => setPlan.mutate({ plan: choice })} disabled={setPlan.isPending}>
              {setPlan.isPending ? "Changing…" : `Change to ${chosen?.label}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
