"use client";
// An evaluation per confidence band (the version's own confidence on each case): the cases
// that agreed, disagreed or went to review (stacked bars, right axis) and the agreement
// (the line, left axis) against the baseline's agreement on the same cases (dashed line).
// The same recharts composition as the Quality page's reliability chart; the table beside it
// holds the same numbers for screen readers and tests.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "../lib/format";
import { DataTableToggle } from "../quality/data-table-toggle";
import { bandLabel, formatRate } from "../quality/types";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import type { TEvaluation } from "./types";

type TBand = TEvaluation["by_band"][number];
const bandAgreement = (band: TBand): number | null => (band.agreed + band.disagreed > 0 ? band.agreed / (band.agreed + band.disagreed) : null);

export function describeEvaluation(evaluation: TEvaluation): string {
  return `Evaluation of version ${evaluation.version} per confidence band: ${formatNumber(evaluation.agreed)} agreed, ${formatNumber(evaluation.disagreed)} disagreed, ${formatNumber(evaluation.sent_to_review)} sent to review; agreement ${formatRate(evaluation.agreement_rate)} against ${formatRate(evaluation.baseline.agreement_rate)} for version ${evaluation.baseline.version} on the same cases.`;
}

export function EvaluationChart({ evaluation }: { evaluation: TEvaluation }) {
  const points = evaluation.by_band.map((band) => {
    const rate = bandAgreement(band);
    return {
      band: bandLabel(band),
      agreed: band.agreed,
      disagreed: band.disagreed,
      review: band.sent_to_review,
      agreement: rate === null ? null : Math.round(rate * 1000) / 10,
    };
  });
  const baseline = evaluation.baseline.agreement_rate;
  return (
    <div className="grid min-w-0 gap-3">
      <div role="img" aria-label={describeEvaluation(evaluation)} data-testid="evaluation-chart" className="h-64 w-full min-w-0">
        <ResponsiveContainer width="100%" height={256} initialDimension={{ width: 320, height: 256 }}>
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="band" tickLine={false} fontSize={11} minTickGap={4} />
            <YAxis yAxisId="agreement" domain={[0, 100]} unit="%" tickLine={false} axisLine={false} fontSize={12} width={52} />
            <YAxis yAxisId="cases" orientation="right" allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
            <Tooltip
              formatter={(value, name) => (name === "Agreement" ? [typeof value === "number" ? `${value}%` : "—", name] : [formatNumber(Number(value)), name])}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {baseline !== null ? (
              <ReferenceLine yAxisId="agreement" y={baseline * 100} strokeDasharray="4 4" stroke="var(--color-muted-foreground)" />
            ) : null}
            <Bar yAxisId="cases" stackId="cases" dataKey="agreed" name="Agreed" fill="var(--color-success)" opacity={0.45} isAnimationActive={false} />
            <Bar yAxisId="cases" stackId="cases" dataKey="disagreed" name="Disagreed" fill="var(--color-destructive)" opacity={0.45} isAnimationActive={false} />
            <Bar yAxisId="cases" stackId="cases" dataKey="review" name="Sent to review" fill="var(--color-muted-foreground)" opacity={0.3} isAnimationActive={false} />
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
      <p className="text-xs text-muted-foreground">
        The dashed line is version {evaluation.baseline.version}&apos;s agreement on the same cases (the baseline): {formatRate(baseline)}.
      </p>
      <DataTableToggle label="the evaluation's bands">
        <Table>
          <caption className="sr-only">Evaluation per confidence band</caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Confidence</TableHead>
              <TableHead scope="col" className="text-right">Cases</TableHead>
              <TableHead scope="col" className="text-right">Agreed</TableHead>
              <TableHead scope="col" className="text-right">Disagreed</TableHead>
              <TableHead scope="col" className="text-right">Sent to review</TableHead>
              <TableHead scope="col" className="text-right">Agreement</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {evaluation.by_band.map((band) => (
              <TableRow key={band.min} data-band={bandLabel(band)}>
                <th scope="row" className="px-3 py-2 text-left font-normal tabular-nums">
                  {bandLabel(band)}
                </th>
                <TableCell className="text-right tabular-nums">{formatNumber(band.cases)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(band.agreed)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(band.disagreed)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(band.sent_to_review)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatRate(bandAgreement(band))}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DataTableToggle>
    </div>
  );
}
