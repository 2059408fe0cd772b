// What a review message says, whatever carries it (docs/api-conventions.md, "Review messages
// and escalation"): the task, the agent and its version, why it waits, the key input fields,
// the proposed output (bounded), the due time and one link per decision. The email
// (email-message.ts) and the chat message (chat-message.ts) are two renderings of this.
// Every link opens the item's review page with the action preselected: a GET decides nothing.
import { db } from "../../foundation/db/client.ts";

/** The decisions a message links to, in the order they are offered. */
export const MESSAGE_ACTIONS = [
  { action: "approve", label: "Approve" },
  { action: "edit", label: "Edit and approve" },
  { action: "reject", label: "Reject" },
  { action: "request_changes", label: "Request changes" },
] as const;

/** The proposed output is shown up to this many characters of pretty JSON, then cut with a note. */
export const OUTPUT_LIMIT_CHARS = 4096;
const FIELD_VALUE_LIMIT = 200;
const GENERIC_FIELDS = 6;

/** A triage item with its run, as a message needs it. */
export type TMessageItem = {
  id: string;
  organizationId: string;
  livemode: boolean;
  kind: string;
  round: number;
  status: string;
  triageReason: string;
  proposedOutput: unknown;
  dueAt: Date;
  createdAt: Date;
  task: string;
  agentType: string;
  agentVersion: number;
  data: unknown;
};

export async function readMessageItem(triageItemId: string): Promise<TMessageItem | null> {
  const [row] = await db().$queryRaw<TMessageItem[]>`
    SELECT t.id, t.organization_id AS "organizationId", t.livemode, t.kind, t.round, t.status::text AS status,
      t.triage_reason AS "triageReason", t.proposed_output AS "proposedOutput", t.due_at AS "dueAt", t.created_at AS "createdAt",
      r.task, r.agent_type AS "agentType", t.agent_version AS "agentVersion", r.data
    FROM triage_items t JOIN runs r ON r.id = t.run_id WHERE t.id = ${triageItemId}::uuid`;
  return row ?? null;
}

export type TMessageLink = { action: string; label: string; url: string };

export type TMessageContent = {
  /** "Review needed", "Spot check", with "Still waiting" for an escalation and "Test message" for a sample. */
  title: string;
  /** One sentence under the title. */
  lead: string;
  task: string;
  agent: string;
  reason: string;
  round: number;
  due: string;
  keyFields: { label: string; value: string }[];
  proposedOutput: string;
  outputTruncated: boolean;
  links: TMessageLink[];
};

const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

const scalar = (value: unknown): string | null =>
  typeof value === "string" ? clip(value, FIELD_VALUE_LIMIT) : typeof value === "number" || typeof value === "boolean" ? String(value) : null;

/** AP: the invoice's number, vendor and total; any other agent: the first scalar fields of its data. */
export function keyFieldsOf(agentType: string, data: unknown): { label: string; value: string }[] {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return [];
  const record = data as Record<string, unknown>;
  const invoice = record.invoice;
  if (agentType === "ap_specialist" && invoice && typeof invoice === "object" && !Array.isArray(invoice)) {
    const { number, vendor, total, currency } = invoice as Record<string, unknown>;
    const fields = [
      { label: "Invoice number", value: scalar(number) },
      { label: "Vendor", value: scalar(vendor) },
      { label: "Total", value: scalar(total) === null ? null : [scalar(total), scalar(currency)].filter(Boolean).join(" ") },
    ];
    return fields.filter((field): field is { label: string; value: string } => field.value !== null);
  }
  return Object.entries(record)
    .map(([label, value]) => ({ label: clip(label, 60), value: scalar(value) }))
    .filter((field): field is { label: string; value: string } => field.value !== null)
    .slice(0, GENERIC_FIELDS);
}

/** Pretty JSON of the proposal, cut at `limit` characters (the review page shows all of it). */
export function boundedOutput(output: unknown, limit = OUTPUT_LIMIT_CHARS): { text: string; truncated: boolean } {
  const text = output === null || output === undefined ? "(no output)" : JSON.stringify(output, null, 2);
  return text.length > limit ? { text: text.slice(0, limit), truncated: true } : { text, truncated: false };
}

/** "2026-11-27 14:02 UTC": one reading for every recipient, whatever their time zone. */
export const formatUtc = (at: Date): string => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** One link per decision: the review page at `pageUrl` with the action preselected. */
export function decisionLinks(pageUrl: string): TMessageLink[] {
  return MESSAGE_ACTIONS.map(({ action, label }) => ({ action, label, url: `${pageUrl}?action=${action}` }));
}

type TContentOptions = { pageUrl: string; escalated: boolean; sample?: boolean };

export function messageContent(item: Omit<TMessageItem, "id" | "organizationId" | "livemode" | "status" | "createdAt">, options: TContentOptions): TMessageContent {
  const spotCheck = item.kind === "spot_check";
  const what = spotCheck ? "Spot check" : "Review needed";
  const agent = `${item.agentType} v${item.agentVersion}`;
  const title = `${options.sample ? "Test message: " : options.escalated ? "Still waiting: " : ""}${what}: ${agent}`;
  const lead = options.sample
    ? "A sample of the messages this route sends. Its links open a sample page that decides nothing."
    : spotCheck
      ? "A run that completed on its own was sampled: say whether its output was right."
      : options.escalated
        ? "Nobody has decided this item yet: it is escalated to you."
        : "A run is waiting for a person's decision.";
  const output = boundedOutput(item.proposedOutput);
  return {
    title,
    lead,
    task: clip(item.task, 2000),
    agent,
    reason: clip(item.triageReason, 1000),
    round: item.round,
    due: formatUtc(item.dueAt),
    keyFields: keyFieldsOf(item.agentType, item.data),
    proposedOutput: output.text,
    outputTruncated: output.truncated,
    links: decisionLinks(options.pageUrl),
  };
}
