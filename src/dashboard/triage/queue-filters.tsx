"use client";
// The filter bar; every choice is written to the URL (use-queue-filters.ts).
import { XIcon } from "lucide-react";
import Link from "next/link";
import { useId } from "react";
import { Button } from "../ui/button";
import { Label, Select } from "../ui/input";
import type { TClaimFilter, TKindFilter, TQueueFilters, TQueueStatus } from "./use-queue-filters";

const STATUS_LABELS: Record<TQueueStatus, string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
  checked: "Spot-checked",
  resolved: "All decided",
};

export function QueueFilters({ filters, agents, onChange }: { filters: TQueueFilters; agents: string[]; onChange: (change: Partial<TQueueFilters>) => void }) {
  const id = useId();
  const openOnly = filters.status !== "pending";
  // The agent in the URL stays choosable even when no listed item has it (yet).
  const agentOptions = filters.agent && !agents.includes(filters.agent) ? [...agents, filters.agent].sort() : agents;
  return (
    <div role="group" aria-label="Filters" className="flex min-h-9 flex-wrap items-end gap-x-4 gap-y-2 text-sm">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-status`} className="text-xs">
          Status
        </Label>
        <Select id={`${id}-status`} value={filters.status} onChange={(event) => onChange({ status: event.target.value as TQueueStatus })}>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-kind`} className="text-xs">
          Kind
        </Label>
        <Select id={`${id}-kind`} value={filters.kind ?? ""} onChange={(event) => onChange({ kind: (event.target.value || null) as TKindFilter | null })}>
          <option value="">Reviews and spot checks</option>
          <option value="review">Reviews</option>
          <option value="spot_check">Spot checks</option>
        </Select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-agent`} className="text-xs">
          Agent
        </Label>
        <Select id={`${id}-agent`} value={filters.agent ?? ""} onChange={(event) => onChange({ agent: event.target.value || null })}>
          <option value="">All agents</option>
          {agentOptions.map((agent) => (
            <option key={agent} value={agent}>
              {agent}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-claimed`} className="text-xs">
          Claimed
        </Label>
        <Select
          id={`${id}-claimed`}
          value={filters.claimed ?? ""}
          disabled={openOnly}
          onChange={(event) => onChange({ claimed: (event.target.value || null) as TClaimFilter | null })}
        >
          <option value="">Anyone or no one</option>
          <option value="mine">Only mine</option>
          <option value="none">Nobody's</option>
          <option value="others">Others'</option>
        </Select>
      </div>
      <label className="flex h-9 items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={filters.overdue}
          disabled={openOnly}
          onChange={(event) => onChange({ overdue: event.target.checked })}
        />
        Only overdue
      </label>
      {filters.batch ? (
        <span data-testid="triage-batch-filter" className="flex h-9 items-center gap-1">
          <span>
            Batch{" "}
            <Link href={`/batches/${filters.batch}`} className="font-mono underline underline-offset-4">
              {filters.batch.slice(0, 8)}
            </Link>
          </span>
          <Button type="button" variant="ghost" size="sm" aria-label="Show every batch" onClick={() => onChange({ batch: null })}>
            <XIcon aria-hidden />
          </Button>
        </span>
      ) : null}
    </div>
  );
}
