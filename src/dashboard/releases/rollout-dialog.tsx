"use client";
// Roll out a version: a share of the runs that do not pin a version goes to it, and the
// guard rolls it back when people disagree with it (min_judged judged runs below
// min_agreement). Empty guard fields take the server's defaults.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input } from "../ui/input";

type TProblem = string | undefined;
const wholeIn = (text: string, min: number, max: number): TProblem =>
  Number.isInteger(Number(text)) && text.trim() !== "" && Number(text) >= min && Number(text) <= max ? undefined : `Enter a whole number from ${min} to ${max}`;
const optionalShare = (text: string): TProblem =>
  text.trim() === "" || (Number(text) >= 0 && Number(text) <= 1) ? undefined : "Enter a share from 0 to 1 (0.9: 90%), or leave it empty";
const optionalWhole = (text: string, min: number, max: number): TProblem => (text.trim() === "" ? undefined : wholeIn(text, min, max));
const optionalNumber = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));

export function RolloutDialog({ name, version, activeVersion }: { name: string; version: number; activeVersion: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [percent, setPercent] = useState("10");
  const [minJudged, setMinJudged] = useState("");
  const [minAgreement, setMinAgreement] = useState("");
  const [spotCheckRate, setSpotCheckRate] = useState("");
  const start = useMutation(
    trpc.rollouts.start.mutationOptions({
      onSuccess: async (answer) => {
        queryClient.setQueryData(trpc.rollouts.get.queryKey({ name }), answer);
        await queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ name }) });
        setOpen(false);
      },
    }),
  );
  const problems = {
    percent: wholeIn(percent, 1, 99),
    minJudged: optionalWhole(minJudged, 1, 10_000),
    minAgreement: optionalShare(minAgreement),
    spotCheckRate: optionalShare(spotCheckRate),
  };
  const invalid = Object.values(problems).some(Boolean);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    start.mutate({
      name,
      version,
      percent: Number(percent),
      min_judged: optionalNumber(minJudged),
      min_agreement: optionalNumber(minAgreement),
      spot_check_rate: optionalNumber(spotCheckRate),
    });
  };
  const described = (field: string, problem: TProblem) => (problem ? `${id}-${field}-error` : `${id}-${field}-hint`);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        start.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Roll out v${version}`}>
          Roll out
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Roll out version {version} of {name}?
          </DialogTitle>
          <DialogDescription>
            A share of the runs that do not pin a version goes to version {version}; the rest stay on version {activeVersion}. If people disagree with it
            too often, it is rolled back on its own.
          </DialogDescription>
        </DialogHeader>
        <form aria-label={`Roll out v${version}`} className="grid gap-3" noValidate onSubmit={submit}>
          <Field id={`${id}-percent`} label="Percent of runs" hint="1 to 99: exactly this share of the unpinned runs." error={problems.percent}>
            <Input
              id={`${id}-percent`}
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
              aria-invalid={problems.percent ? true : undefined}
              aria-describedby={described("percent", problems.percent)}
              className="max-w-[8rem]"
            />
          </Field>
          <fieldset className="grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Guard (optional)</legend>
            <Field id={`${id}-min-judged`} label="Judged runs before it acts" hint="Default 20." error={problems.minJudged}>
              <Input
                id={`${id}-min-judged`}
                type="number"
                inputMode="numeric"
                min={1}
                value={minJudged}
                placeholder="20"
                onChange={(event) => setMinJudged(event.target.value)}
                aria-invalid={problems.minJudged ? true : undefined}
                aria-describedby={described("min-judged", problems.minJudged)}
                className="max-w-[8rem]"
              />
            </Field>
            <Field
              id={`${id}-min-agreement`}
              label="Minimum agreement"
              hint={`0 to 1. Default: version ${activeVersion}'s agreement less the release's max regression, or 0.9.`}
              error={problems.minAgreement}
            >
              <Input
                id={`${id}-min-agreement`}
                inputMode="decimal"
                value={minAgreement}
                onChange={(event) => setMinAgreement(event.target.value)}
                aria-invalid={problems.minAgreement ? true : undefined}
                aria-describedby={described("min-agreement", problems.minAgreement)}
                className="max-w-[8rem]"
              />
            </Field>
            <Field
              id={`${id}-spot-check-rate`}
              label="Spot-check rate"
              hint="0 to 1: the share of its runs that complete on their own sent to a person to check. Default 0.2."
              error={problems.spotCheckRate}
            >
              <Input
                id={`${id}-spot-check-rate`}
                inputMode="decimal"
                value={spotCheckRate}
                placeholder="0.2"
                onChange={(event) => setSpotCheckRate(event.target.value)}
                aria-invalid={problems.spotCheckRate ? true : undefined}
                aria-describedby={described("spot-check-rate", problems.spotCheckRate)}
                className="max-w-[8rem]"
              />
            </Field>
          </fieldset>
          <ErrorMessage error={start.error} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={invalid || start.isPending}>
              {start.isPending ? "Starting…" : "Start rollout"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
