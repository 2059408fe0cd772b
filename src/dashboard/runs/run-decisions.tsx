"use client";
// A run waiting for review offers the queue's decisions on its own page: approve, edit and
// approve, request changes, reject with a reason code. Opening a form claims the item, as
// opening it in the queue does; someone else's claim is shown ("Ada is reviewing").
import { useQueryClient } from "@tanstack/react-query";
import { CheckIcon, MessageSquareIcon, PencilIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatDateTime } from "../lib/format";
import { useSession } from "../shell/session-context";
import { useTRPC, useTRPCClient } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage } from "../ui/feedback";
import { EditOutputForm, RequestChangesForm, useReviewSchemas } from "../triage/data-forms";
import { RejectForm } from "../triage/decision-forms";
import { decisionLabels, describeDue } from "../triage/format";
import { canPatchData, memberActor, type TTriageForm } from "../triage/types";
import { useTriageCalls } from "../triage/use-triage-calls";
import type { TRunDetail } from "./types";
import { runDetached } from "../lib/detached";

type TOpenItem = NonNullable<TRunDetail["triage_item"]>;

export function RunDecisions({ run, item }: { run: TRunDetail["run"]; item: TOpenItem }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const calls = useTriageCalls();
  const queryClient = useQueryClient();
  const me = memberActor(useSession().current.member_id);
  const [form, setForm] = useState<TTriageForm>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const claimed = useRef(false);
  const claimedByOther = Boolean(item.claimed_by && item.claimed_by !== me);
  const due = describeDue(item.due_at, Date.now());
  // Named by what they do where the proposal says it: "Pay 300.00 USD", "Hold", "Don't pay".
  const labels = decisionLabels(item.proposed_output);
  const schemas = useReviewSchemas(item.id, true);

  // A claim this page took is given back when the page closes undecided.
  useEffect(
    () => () => {
      // Fails when the claim lapsed or the item was decided meanwhile: nothing left to give back.
      if (claimed.current) runDetached(calls.release({ id: item.id }), "giving back the claim", { level: "debug" });
    },
    [calls, item.id],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.runs.get.queryKey({ id: run.id }) });
  const open = (next: TTriageForm) => {
    setForm(next);
    setError(null);
    if (next && !claimed.current && !claimedByOther) {
      calls.claim({ id: item.id }).then(
        () => {
          claimed.current = true;
          runDetached(refresh(), "re-reading the run");
        },
        (cause: unknown) => setError(cause),
      );
    }
  };
  const decide = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      claimed.current = false;
      setForm(null);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: trpc.runs.steps.queryKey({ id: run.id }) })]);
    } catch (cause) {
      setError(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="min-w-0 border-primary/40" data-testid="run-decisions">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Decide
          {(item.round ?? 0) > 0 ? <Badge variant="secondary">Round {item.round}</Badge> : null}
          {due ? (
            <Badge variant={due.overdue ? "destructive" : "outline"} title={item.due_at ? `Due ${formatDateTime(item.due_at)}` : undefined}>
              {due.label}
            </Badge>
          ) : null}
          {claimedByOther ? <Badge variant="secondary">{item.claimed_by_actor?.name ?? item.claimed_by_name ?? "Someone"} is reviewing</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">
        {form === null ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" disabled={busy} onClick={() => runDetached(decide(() => client.triage.approve.mutate({ id: item.id })), "approving")} title={labels.approveHint}>
              <CheckIcon aria-hidden /> {labels.approve}
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => open("edit")}>
              <PencilIcon aria-hidden /> Edit
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => open("changes")}>
              <MessageSquareIcon aria-hidden /> Request changes
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => open("reject")} title={labels.rejectHint}>
              <XIcon aria-hidden /> {labels.reject}
            </Button>
          </div>
        ) : null}
        {form === "edit" ? (
          <EditOutputForm
            proposed={item.proposed_output}
            schemas={schemas}
            busy={busy}
            onSubmit={(output) => runDetached(decide(() => client.triage.approve.mutate({ id: item.id, output })), "approving the edited output")}
            onCancel={() => setForm(null)}
          />
        ) : null}
        {form === "changes" ? (
          <RequestChangesForm
            data={run.data}
            canPatch={canPatchData(run.agent_type)}
            schemas={schemas}
            busy={busy}
            onSubmit={({ feedback, dataPatch }) =>
              runDetached(
                decide(() => calls.requestChanges({ id: item.id, feedback, ...(dataPatch ? { data_patch: dataPatch } : {}) })),
                "requesting changes",
              )
            }
            onCancel={() => setForm(null)}
          />
        ) : null}
        {form === "reject" ? (
          <RejectForm
            busy={busy}
            labels={labels}
            onSubmit={({ reasonCode, reason }) =>
              runDetached(decide(() => client.triage.reject.mutate({ id: item.id, reason, reason_code: reasonCode })), "rejecting")
            }
            onCancel={() => setForm(null)}
          />
        ) : null}
        <ErrorMessage error={error} />
      </CardContent>
    </Card>
  );
}
