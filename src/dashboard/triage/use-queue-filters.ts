"use client";
// The queue's filters live in the URL (?status=…&kind=…&overdue=true&claimed=mine&agent=…&batch=…), so a
// filtered queue can be shared and survives a reload. Defaults are left out of the URL.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";

export const QUEUE_STATUSES = ["pending", "approved", "rejected", "checked", "resolved"] as const;
export type TQueueStatus = (typeof QUEUE_STATUSES)[number];
export const CLAIM_FILTERS = ["mine", "none", "others"] as const;
export type TClaimFilter = (typeof CLAIM_FILTERS)[number];
/** Reviews (runs waiting for a decision) or spot checks (completed runs sampled for a verdict); null: both. */
export const KIND_FILTERS = ["review", "spot_check"] as const;
export type TKindFilter = (typeof KIND_FILTERS)[number];

export type TQueueFilters = {
  status: TQueueStatus;
  kind: TKindFilter | null;
  overdue: boolean;
  claimed: TClaimFilter | null;
  agent: string | null;
  /** One batch's items (the batch page links here); only a UUID is taken. */
  batch: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | null =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;

export function readQueueFilters(params: URLSearchParams): TQueueFilters {
  return {
    status: pick(params.get("status"), QUEUE_STATUSES) ?? "pending",
    kind: pick(params.get("kind"), KIND_FILTERS),
    overdue: params.get("overdue") === "true",
    claimed: pick(params.get("claimed"), CLAIM_FILTERS),
    agent: params.get("agent") || null,
    batch: UUID.test(params.get("batch") ?? "") ? params.get("batch") : null,
  };
}

export function writeQueueFilters(filters: TQueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "pending") params.set("status", filters.status);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.overdue) params.set("overdue", "true");
  if (filters.claimed) params.set("claimed", filters.claimed);
  if (filters.agent) params.set("agent", filters.agent);
  if (filters.batch) params.set("batch", filters.batch);
  return params.toString();
}

export function useQueueFilters(): [TQueueFilters, (change: Partial<TQueueFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const fromUrl = useMemo(() => readQueueFilters(new URLSearchParams(params.toString())), [params]);
  // The choice shows at once; the URL follows a moment later (a router transition).
  const [chosen, setChosen] = useState<TQueueFilters | null>(null);
  useEffect(() => setChosen(null), [fromUrl]);
  const filters = chosen ?? fromUrl;
  const setFilters = useCallback(
    (change: Partial<TQueueFilters>) => {
      const next = { ...filters, ...change };
      setChosen(next);
      const query = writeQueueFilters(next);
      // replace, not push: a filter change is not a page the Back button should step through.
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [filters, router, pathname],
  );
  return [filters, setFilters];
}
