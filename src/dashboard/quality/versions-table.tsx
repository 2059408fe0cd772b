"use client";
// Versions side by side: one quality report per version of the agent over the same period.
import { formatNumber } from "../lib/format";
import { Badge } from "../ui/badge";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { formatRate, formatThreshold, type TQuality } from "./types";
import { useQualityReports, type TReportInput } from "./use-quality";

/** Agreement over every judged run of a report: agreed / judged. */
export function overallAgreement(report: TQuality): { judged: number; rate: number | null } {
  const judged = report.buckets.reduce((sum, bucket) => sum + bucket.judged, 0);
  const agreed = report.buckets.reduce((sum, bucket) => sum + bucket.agreed, 0);
  return { judged, rate: judged > 0 ? agreed / judged : null };
}

export function VersionsTable({ base, versions, active }: { base: Omit<TReportInput, "version">; versions: number[]; active: number }) {
  // Newest first, at most the last ten versions.
  const shown = [...versions].sort((a, b) => b - a).slice(0, 10);
  const reports = useQualityReports(shown.map((version) => ({ ...base, version })));
  const failed = reports.find((report) => report.error);
  if (failed) return <ErrorMessage error={failed.error} />;
  if (reports.some((report) => report.isPending)) return <Loading label="Loading the versions" rows={2} />;
  return (
    <div className="min-w-0 overflow-x-auto">
      <Table>
        <caption className="sr-only">Quality of each version in this period</caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Version</TableHead>
            <TableHead scope="col" className="text-right">Runs</TableHead>
            <TableHead scope="col" className="text-right">Sent to review</TableHead>
            <TableHead scope="col" className="text-right">Judged</TableHead>
            <TableHead scope="col" className="text-right">Agreement</TableHead>
            <TableHead scope="col" className="text-right">Threshold</TableHead>
            <TableHead scope="col" className="text-right">Recommended</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {reports.map((query, index) => {
            const report = query.data!;
            const { judged, rate } = overallAgreement(report);
            const version = shown[index]!;
            return (
              <TableRow key={version} data-version={version}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  v{version} {version === active ? <Badge variant="outline">active</Badge> : null}
                </th>
                <TableCell className="text-right tabular-nums">{formatNumber(report.runs)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRate(report.runs ? report.sent_to_review / report.runs : null)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(judged)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRate(rate)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatThreshold(report.threshold.current)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatThreshold(report.threshold.recommended)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
