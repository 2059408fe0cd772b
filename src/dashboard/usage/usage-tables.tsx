// The usage page's tables: runs per agent type, per member, and the newest ledger entries.
import Link from "next/link";
import { formatDateTime, formatNumber } from "../lib/format";
import { Badge } from "../ui/badge";
import { EmptyState } from "../ui/feedback";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import type { TAgentUsage, TLedgerEntry, TMemberUsage } from "./types";

const AGENT_LABELS: Record<string, string> = { center: "Center", rfq_generator: "RFQ generator", ap_specialist: "AP specialist" };

export function AgentUsageTable({ rows }: { rows: TAgentUsage[] }) {
  if (rows.length === 0) return <EmptyState title="No runs yet this period">Runs started through the API or batches show up here by agent.</EmptyState>;
  return (
    <Table data-testid="agent-usage">
      <TableHeader>
        <TableRow>
          <TableHead>Agent</TableHead>
          <TableHead className="text-right">Runs</TableHead>
          <TableHead className="text-right">Credits</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.agent_type} data-agent={row.agent_type}>
            <TableCell>{AGENT_LABELS[row.agent_type] ?? row.agent_type}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.runs)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.credits)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function MemberUsageTable({ rows }: { rows: TMemberUsage[] }) {
  if (rows.length === 0) return <EmptyState title="No members">Members of this organization show up here.</EmptyState>;
  return (
    <Table data-testid="member-usage">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead className="hidden sm:table-cell">Email</TableHead>
          <TableHead className="text-right">Runs</TableHead>
          <TableHead className="text-right">Credits</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.member_id} data-email={row.email}>
            <TableCell className="max-w-48">
              <span className="block truncate">{row.name}</span>
              {/* At phone width the email sits under the name, so runs and credits stay in view. */}
              <span className="block truncate text-xs text-muted-foreground sm:hidden">{row.email}</span>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap text-muted-foreground sm:table-cell">{row.email}</TableCell>
            <TableCell className="text-right tabular-nums" data-column="runs">{formatNumber(row.runs)}</TableCell>
            <TableCell className="text-right tabular-nums" data-column="credits">{formatNumber(row.credits_used)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const REASON_LABELS: Record<string, string> = { run: "Run", refund: "Refund", topup: "Top-up" };

export function LedgerTable({ rows }: { rows: TLedgerEntry[] }) {
  if (rows.length === 0) return <EmptyState title="No ledger entries yet">Charges for live runs, refunds and top-ups are listed here.</EmptyState>;
  return (
    <Table data-testid="ledger">
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>Reason</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Balance after</TableHead>
          <TableHead>Run</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-reason={row.reason}>
            <TableCell className="whitespace-nowrap">{formatDateTime(row.created_at)}</TableCell>
            <TableCell>
              <Badge variant={row.amount < 0 ? "outline" : "success"}>{REASON_LABELS[row.reason] ?? row.reason}</Badge>
            </TableCell>
            <TableCell className={row.amount < 0 ? "text-right tabular-nums" : "text-right tabular-nums text-success"} data-column="amount">
              {row.amount > 0 ? "+" : row.amount < 0 ? "−" : ""}
              {formatNumber(Math.abs(row.amount))}
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatNumber(row.balance_after)}</TableCell>
            <TableCell className="whitespace-nowrap">
              {row.run_id ? (
                <Link href={`/runs/${row.run_id}`} className="font-mono text-xs underline-offset-4 hover:underline">
                  <span className="sr-only">Run </span>
                  {row.run_id.slice(0, 8)}
                </Link>
              ) : (
                "—"
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
