"use client";
// Credits used per day this period. The chart is an image to assistive technology (with a
// summary as its label); the same numbers are available as a table behind a toggle.
import { useId, useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "../lib/format";
import { Button } from "../ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import type { TUsageDay } from "./types";

const dayLabel = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const formatDay = (date: string): string => dayLabel.format(new Date(`${date}T00:00:00Z`));

/** One sentence a screen reader hears instead of the bars. */
export function describeDays(period: string, days: readonly TUsageDay[]): string {
  const total = days.reduce((sum, day) => sum + day.credits, 0);
  const busiest = days.reduce<TUsageDay | undefined>((best, day) => (day.credits > (best?.credits ?? 0) ? day : best), undefined);
  const peak = busiest ? `; most on ${formatDay(busiest.date)} (${formatNumber(busiest.credits)})` : "";
  return `Credits used per day in ${period}: ${formatNumber(total)} credits over ${days.length} days${peak}.`;
}

type TBarShape = { x?: number; y?: number; width?: number; height?: number; payload?: TUsageDay };

/** A plain rect, tagged with its day so the bars can be found by date. */
function DayBar({ x = 0, y = 0, width = 0, height = 0, payload }: TBarShape) {
  return <rect x={x} y={y} width={width} height={Math.max(0, height)} rx={2} fill="var(--color-chart-1)" data-date={payload?.date} className="usage-day-bar" />;
}

export function CreditsChart({ period, days }: { period: string; days: TUsageDay[] }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const label = describeDays(period, days);
  return (
    <div className="grid min-w-0 gap-3">
      <div role="img" aria-label={label} data-testid="credits-chart" className="h-60 w-full min-w-0">
        <ResponsiveContainer width="100%" height={240} initialDimension={{ width: 320, height: 240 }}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
            <XAxis dataKey="date" tickFormatter={(date: string) => String(Number(date.slice(8)))} tickLine={false} fontSize={12} minTickGap={8} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={48} />
            <Tooltip
              cursor={{ fill: "var(--color-muted)" }}
              labelFormatter={(date) => (typeof date === "string" ? formatDay(date) : date)}
              formatter={(value) => [formatNumber(Number(value)), "Credits"]}
            />
            <Bar dataKey="credits" name="Credits" shape={DayBar} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div>
        <Button variant="outline" size="sm" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
          {showTable ? "Hide" : "Show"} the numbers as a table
        </Button>
      </div>
      <div id={tableId} hidden={!showTable}>
        <Table>
          <caption className="sr-only">Credits and runs per day in {period}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>Day</TableHead>
              <TableHead className="text-right">Credits</TableHead>
              <TableHead className="text-right">Runs</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {days.map((day) => (
              <TableRow key={day.date} data-date={day.date}>
                <TableCell>{formatDay(day.date)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(day.credits)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatNumber(day.runs)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
