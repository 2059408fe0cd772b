// Parts of the run page: JSON shown as text, and the run's triage history.
import { formatDateTime, formatJson } from "../lib/format";
import { StatusBadge } from "../ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import type { TRunDetail } from "./types";

/** JSON that scrolls inside itself, so a long value never widens the page. */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  if (value === null || value === undefined) {
    return (
      <p className="text-sm text-muted-foreground" data-testid={testId}>
        None
      </p>
    );
  }
  return (
    <pre data-testid={testId} className="max-h-96 max-w-full overflow-auto rounded-md bg-muted p-3 text-xs leading-relaxed">
      {formatJson(value)}
    </pre>
  );
}

type TTriageItem = NonNullable<TRunDetail["triage_item"]>;

export function TriageHistory({ item }: { item: TTriageItem }) {
  // resolved_by_name comes with the triage work; shown when the server sends it.
  const resolvedByName = (item as TTriageItem & { resolved_by_name?: string | null }).resolved_by_name;
  return (
    <Card className="min-w-0" data-testid="run-triage">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Triage <StatusBadge status={item.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div>
          <p className="text-xs font-medium text-muted-foreground">Reason</p>
          <p data-testid="triage-reason" className="break-words">
            {item.triage_reason}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <div>
            <dt className="text-xs text-muted-foreground">Raised</dt>
            <dd>{formatDateTime(item.created_at)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Resolved</dt>
            <dd>{formatDateTime(item.resolved_at)}</dd>
          </div>
          <div className="col-span-2 min-w-0">
            <dt className="text-xs text-muted-foreground">Resolved by</dt>
            <dd className="break-words">{resolvedByName ?? item.resolved_by ?? "—"}</dd>
          </div>
        </dl>
        {item.resolution_note ? (
          <div>
            <p className="text-xs font-medium text-muted-foreground">Note</p>
            <p className="whitespace-pre-wrap break-words">{item.resolution_note}</p>
          </div>
        ) : null}
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground">Proposed output</p>
          <JsonBlock value={item.proposed_output} testId="triage-proposed-output" />
        </div>
      </CardContent>
    </Card>
  );
}
