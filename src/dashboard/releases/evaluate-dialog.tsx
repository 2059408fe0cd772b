"use client";
// Evaluate a version: the dry run's estimate (how many judged runs it replays, what it
// charges) first, then Start. Nothing is started or charged until Start.
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatNumber } from "../lib/format";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Field, Input } from "../ui/input";

const DEFAULT_LIMIT = 200;
const MAX_LIMIT = 500;

export function EvaluateDialog({ name, version, onStarted }: { name: string; version: number; onStarted: (evaluationId: string) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(String(DEFAULT_LIMIT));
  const estimate = useMutation(trpc.evaluations.start.mutationOptions());
  const start = useMutation(trpc.evaluations.start.mutationOptions());
  const limitValue = Number(limit);
  const limitProblem = !(Number.isInteger(limitValue) && limitValue >= 1 && limitValue <= MAX_LIMIT) ? `Enter a whole number from 1 to ${MAX_LIMIT}` : undefined;

  const askEstimate = (cases: number) => estimate.mutate({ name, version, limit: cases, dry_run: true });
  const estimated = estimate.data && "cases" in estimate.data ? estimate.data : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        start.reset();
        if (next && !limitProblem) askEstimate(limitValue);
        else estimate.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Evaluate v${version}`}>
          Evaluate
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Evaluate version {version} of {name}?
          </DialogTitle>
          <DialogDescription>
            Version {version} runs on the agent&apos;s judged runs, newest first, and its answers are compared with what people decided. No run,
            review item or webhook is made; each case costs what a run costs.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!limitProblem) askEstimate(limitValue);
          }}
        >
          <Field id={`${id}-limit`} label="Judged runs to replay" hint={`At most ${MAX_LIMIT}; the newest first.`} error={limitProblem}>
            <div className="flex gap-2">
              <Input
                id={`${id}-limit`}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_LIMIT}
                value={limit}
                onChange={(event) => setLimit(event.target.value)}
                aria-invalid={limitProblem ? true : undefined}
                aria-describedby={limitProblem ? `${id}-limit-error` : `${id}-limit-hint`}
                className="max-w-[8rem]"
              />
              <Button type="submit" variant="outline" disabled={Boolean(limitProblem) || estimate.isPending}>
                Estimate again
              </Button>
            </div>
          </Field>
        </form>
        <div aria-live="polite" data-testid="evaluation-estimate">
          {estimate.isPending ? <Loading label="Estimating" rows={1} /> : null}
          {estimated ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
              <dt className="text-muted-foreground">Cases</dt>
              <dd data-testid="estimate-cases">{formatNumber(estimated.cases)}</dd>
              <dt className="text-muted-foreground">Credits</dt>
              <dd data-testid="estimate-credits">{formatNumber(estimated.credits)}</dd>
            </dl>
          ) : null}
        </div>
        <ErrorMessage error={estimate.error ?? start.error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={!estimated || estimated.cases === 0 || start.isPending || Boolean(limitProblem)}
            onClick={() =>
              start.mutate(
                { name, version, limit: limitValue },
                {
                  onSuccess: (answer) => {
                    if ("evaluation" in answer) {
                      setOpen(false);
                      onStarted(answer.evaluation.id);
                    }
                  },
                },
              )
            }
          >
            {start.isPending ? "Starting…" : estimated ? `Start: ${formatNumber(estimated.cases)} cases, ${formatNumber(estimated.credits)} credits` : "Start"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
