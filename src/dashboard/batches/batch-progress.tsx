// A batch's progress: settled rows (completed + failed) out of all rows.
import { progressText, type TBatchJob } from "./types";

export function BatchProgress({ job }: { job: TBatchJob }) {
  const settled = job.completed_rows + job.failed_rows;
  const share = (count: number) => (job.total_rows === 0 ? 0 : (count / job.total_rows) * 100);
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Rows settled"
        aria-valuemin={0}
        aria-valuemax={job.total_rows}
        aria-valuenow={settled}
        aria-valuetext={progressText(job)}
        className="flex h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-success transition-[width]" style={{ width: `${share(job.completed_rows)}%` }} />
        <div className="h-full bg-destructive transition-[width]" style={{ width: `${share(job.failed_rows)}%` }} />
      </div>
      <p data-testid="batch-progress-text" className="text-sm tabular-nums text-muted-foreground">
        {progressText(job)}
      </p>
    </div>
  );
}
