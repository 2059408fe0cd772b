"use client";
// Previous / next through an offset-paginated list, with "21–40 of 57".
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "./button";

export function Pager({
  offset,
  limit,
  total,
  onChange,
  label = "Pages",
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  label?: string;
}) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={label} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          <ChevronLeftIcon aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
          Next <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
