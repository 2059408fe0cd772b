"use client";
// Review rate over time: the share of runs sent to a person in consecutive slices of the
// period (each slice is one agents.quality report, asked for in parallel).
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "../lib/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { DataTableToggle } from "./data-table-toggle";
import { formatRate } from "./types";

export type TReviewRatePoint = { from: string; to: string; runs: number; sent_to_review: number };

const dayLabel = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
/** A slice's label: the day it ends on (the last instant it holds). */
export const sliceLabel = (point: { to: string }): string => dayLabel.format(new Date(new Date(point.to).getTime() - 1));
const rate = (point: TReviewRatePoint): number | null => (point.runs > 0 ? point.sent_to_review / point.runs : null);

export function describeReviewRate(points: readonly TReviewRatePoint[]): string {
  const withRuns = points.filter((point) => point.runs > 0);
  if (!withRuns.length) return "Review rate over time: no runs in this period.";
  const first = withRuns[0]!;
  const last = withRuns[withRuns.length - 1]!;
  return `Review rate over time: ${formatRate(rate(first))} of runs sent to review by ${sliceLabel(first)}, ${formatRate(rate(last))} by ${sliceLabel(last)}.`;
}

export function ReviewRateChart({ points }: { points: TReviewRatePoint[] }) {
  const data = points.map((point) => {
    const share = rate(point);
    return { label: sliceLabel(point), rate: share === null ? null : Math.round(share * 1000) / 10 };
  });
  return (
    <div className="grid min-w-0 gap-3">
      <div role="img" aria-label={describeReviewRate(points)} data-testid="review-rate-chart" className="h-56 w-full min-w-0">
        <ResponsiveContainer width="100%" height={224} initialDimension={{ width: 320, height: 224 }}>
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="label" tickLine={false} fontSize={12} minTickGap={8} />
            <YAxis domain={[0, 100]} unit="%" tickLine={false} axisLine={false} fontSize={12} width={52} />
            <Tooltip formatter={(value) => [typeof value === "number" ? `${value}%` : "—", "Sent to review"]} />
            <Line dataKey="rate" name="Sent to review" stroke="var(--color-chart-1)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <DataTableToggle label="the review rate">
        <Table>
          <caption className="sr-only">Runs sent to review per period slice</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Until</TableHead>
              <TableHead scope="col" className="text-right">Runs</TableHead>
              <TableHead scope="col" className="text-right">Sent to review</TableHead>
              <TableHead scope="col" className="text-right">Review rate</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {points.map((point) => (
              <TableRow key={point.to}>
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {sliceLabel(point)}
                </th>
                <TableCell className="text-right tabular-nums">{formatNumber(point.runs)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(point.sent_to_review)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRate(rate(point))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DataTableToggle>
    </div>
  );
}
