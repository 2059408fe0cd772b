"use client";
// The reliability chart: per confidence band, how often people agreed with the agent (the
// line, left axis) and how many of its runs they judged (the bars, right axis). The dashed
// line is the target agreement the recommendation aims for.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "../lib/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { DataTableToggle } from "./data-table-toggle";
import { bandLabel, formatRate, type TQualityBucket } from "./types";

/** One sentence a screen reader hears instead of the chart. */
export function describeBuckets(buckets: readonly TQualityBucket[], target: number): string {
  const judged = buckets.reduce((sum, bucket) => sum + bucket.judged, 0);
  const reaching = buckets.filter((bucket) => bucket.agreement_rate !== null && bucket.agreement_rate >= target).map(bandLabel);
  const reach = reaching.length ? `bands at or above the ${formatRate(target)} target: ${reaching.join(", ")}` : `no band reaches the ${formatRate(target)} target`;
  return `Agreement with the agent per confidence band: ${formatNumber(judged)} decisions (one per decided review round or spot check) in ${buckets.length} bands; ${reach}.`;
}

export function ReliabilityChart({ buckets, target }: { buckets: TQualityBucket[]; target: number }) {
  const points = buckets.map((bucket) => ({
    band: bandLabel(bucket),
    judged: bucket.judged,
    agreement: bucket.agreement_rate === null ? null : Math.round(bucket.agreement_rate * 1000) / 10,
  }));
  return (
    <div className="grid min-w-0 gap-3">
      <div role="img" aria-label={describeBuckets(buckets, target)} data-testid="reliability-chart" className="h-72 w-full min-w-0">
        <ResponsiveContainer width="100%" height={288} initialDimension={{ width: 320, height: 288 }}>
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="band" tickLine={false} fontSize={11} minTickGap={4} />
            <YAxis yAxisId="agreement" domain={[0, 100]} unit="%" tickLine={false} axisLine={false} fontSize={12} width={52} />
            <YAxis yAxisId="judged" orientation="right" allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
            <Tooltip
              formatter={(value, name) => (name === "Agreement" ? [typeof value === "number" ? `${value}%` : "—", name] : [formatNumber(Number(value)), name])}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <ReferenceLine yAxisId="agreement" y={target * 100} strokeDasharray="4 4" stroke="var(--color-muted-foreground)" />
            <Bar yAxisId="judged" dataKey="judged" name="Judged runs" fill="var(--color-muted-foreground)" opacity={0.3} isAnimationActive={false} />
            <Line
              yAxisId="agreement"
              dataKey="agreement"
              name="Agreement"
              stroke="var(--color-chart-1)"
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <DataTableToggle label="the bands">
        <Table>
          <caption className="sr-only">Agreement per confidence band</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Confidence</TableHead>
              <TableHead scope="col" className="text-right">Runs</TableHead>
              <TableHead scope="col" className="text-right">Judged</TableHead>
              <TableHead scope="col" className="text-right">Agreed</TableHead>
              <TableHead scope="col" className="text-right">Agreement</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {buckets.map((bucket) => (
              <TableRow key={bucket.min} data-band={bandLabel(bucket)}>
                <th scope="row" className="px-3 py-2 text-left font-normal tabular-nums">
                  {bandLabel(bucket)}
                </th>
                <TableCell className="text-right tabular-nums">{formatNumber(bucket.runs)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(bucket.judged)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(bucket.agreed)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRate(bucket.agreement_rate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DataTableToggle>
    </div>
  );
}
