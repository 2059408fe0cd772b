"use client";
// /runs: every run of the organization (in the current mode), newest first, filtered by
// status, agent type, a search (task, invoice, PO or RFQ number) and the days it was created,
// a page at a time (runs.list, the same procedure as GET /v1/runs). Filters live in the URL.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { AGENT_TYPES, type TAgentType } from "../../domains/agents/agent-types";
import { formatDateTime } from "../lib/format";
import { PageHeader } from "../shell/dashboard-shell";
import { useTRPC } from "../trpc";
import { StatusBadge } from "../ui/badge";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { Input, Label, Select } from "../ui/input";
import { Pager } from "../ui/pager";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { formatConfidence, RUN_STATUS_OPTIONS, statusLabel, type TRunStatus } from "./types";
import { createdWindow, useRunsFilters } from "./use-runs-filters";

const PAGE_SIZE = 20;

/** Typing settles this long before the search runs (and the URL changes). */
const SEARCH_DELAY_MS = 300;

export function RunsList() {
  const trpc = useTRPC();
  const [filters, setFilters] = useRunsFilters();
  const { status, agent: agentType } = filters;
  const [offset, setOffset] = useState(0);
  const [searchText, setSearchText] = useState(filters.q);
  // The box follows the URL (a shared link, Back); typing reaches the URL after a pause.
  useEffect(() => setSearchText(filters.q), [filters.q]);
  useEffect(() => {
    if (searchText.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => {
      setFilters({ q: searchText });
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.q, setFilters]);
  const change = (next: Parameters<typeof setFilters>[0]) => {
    setFilters(next);
    setOffset(0);
  };
  // Days the wrong way round match nothing: say so instead of asking the server (a 400).
  const daysReversed = Boolean(filters.from && filters.to && filters.from > filters.to);
  const runs = useQuery({
    ...trpc.runs.list.queryOptions({
      limit: PAGE_SIZE,
      offset,
      status: status || undefined,
      agent_type: agentType || undefined,
      q: filters.q.trim() || undefined,
      ...createdWindow(filters),
    }),
    enabled: !daysReversed,
    placeholderData: keepPreviousData,
    // A list of live work: newly settled runs show up without a reload.
    refetchInterval: 10_000,
  });
  const filtered = Boolean(status || agentType || filters.q.trim() || filters.from || filters.to);

  return (
    <>
      <PageHeader title="Runs" description="Every agent run in this organization, newest first." />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="runs-search">Search</Label>
          <Input
            id="runs-search"
            type="search"
            className="w-64"
            maxLength={100}
            placeholder="Task, invoice, PO or RFQ number"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="runs-status">Status</Label>
          <Select
            id="runs-status"
            value={status}
            onChange={(event) => change({ status: event.target.value as TRunStatus | "" })}
          >
            <option value="">All statuses</option>
            {RUN_STATUS_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {statusLabel(option)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="runs-agent-type">Agent type</Label>
          <Select
            id="runs-agent-type"
            value={agentType}
            onChange={(event) => change({ agent: event.target.value as TAgentType | "" })}
          >
            <option value="">All agent types</option>
            {AGENT_TYPES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="runs-created-from">Created from</Label>
          <Input id="runs-created-from" type="date" className="w-40" value={filters.from} max={filters.to || undefined} onChange={(event) => change({ from: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="runs-created-to">Created to (included)</Label>
          <Input id="runs-created-to" type="date" className="w-40" value={filters.to} min={filters.from || undefined} onChange={(event) => change({ to: event.target.value })} />
        </div>
      </div>

      {daysReversed ? (
        <EmptyState title="No runs match these filters">&ldquo;Created to&rdquo; is before &ldquo;Created from&rdquo;.</EmptyState>
      ) : runs.error ? (
        <ErrorMessage error={runs.error} />
      ) : !runs.data ? (
        <Loading label="Loading runs" rows={5} />
      ) : runs.data.data.length === 0 ? (
        <EmptyState title={filtered ? "No runs match these filters" : "No runs yet"}>
          {filtered
            ? "Try other words, another status, agent type or other days."
            : "Runs appear here as soon as they are started with POST /v1/run or as rows of a batch."}
        </EmptyState>
      ) : (
        <>
          <Table aria-label="Runs" aria-busy={runs.isFetching && runs.isPlaceholderData}>
            <TableHeader>
              <TableRow>
                <TableHead>Status</TableHead>
                <TableHead>Agent type</TableHead>
                <TableHead>Task</TableHead>
                <TableHead className="text-right">Confidence</TableHead>
                <TableHead>Created</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {runs.data.data.map((run) => (
                <TableRow key={run.id} data-testid="run-row">
                  <TableCell>
                    <StatusBadge status={run.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{run.agent_type}</TableCell>
                  <TableCell className="max-w-[28rem] min-w-48">
                    <Link href={`/runs/${run.id}`} className="line-clamp-2 font-medium underline-offset-4 hover:underline">
                      {run.task_preview || "(no task)"}
                    </Link>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatConfidence(run.confidence_score)}</TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {/* Minutes on the page, the exact instant on hover (runs of one minute are ordered by it). */}
                    <time dateTime={run.created_at} title={run.created_at}>
                      {formatDateTime(run.created_at)}
                    </time>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager label="Runs pages" offset={offset} limit={PAGE_SIZE} total={runs.data.total} onChange={setOffset} />
        </>
      )}
    </>
  );
}
