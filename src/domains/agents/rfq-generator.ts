// Request for quotation: turns items (given, or read out of the task text) into an RFQ
// document ready to send to suppliers (docs/contract.md, "Built-in agents").
import { createHash } from "node:crypto";
import { z } from "zod";
import { parseAgentInput, type TAgentInput, type TAgentResult } from "./types.ts";

const ZRfqItem = z.object({
  description: z.string().trim().min(1),
  quantity: z.number().positive(),
  unit: z.string().trim().min(1).nullish(),
});

export const ZRfqData = z.object({
  items: z.array(ZRfqItem).max(500).nullish(),
  // Free text on purpose: "2026-03-01" and "end of March" are both things buyers write.
  due_date: z.string().trim().min(1).nullish(),
  suppliers: z.array(z.object({ name: z.string().trim().min(1), email: z.email().nullish() })).nullish(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, "must be a three-letter ISO 4217 code")
    .transform((code) => code.toUpperCase())
    .nullish(),
});

export type TRfqItem = { description: string; quantity: number; unit: string | null };
export type TRfqOutput = {
  rfq_number: string;
  title: string;
  items: TRfqItem[];
  due_date: string | null;
  suppliers: { name: string; email: string | null }[];
  currency: string | null;
  body_markdown: string;
};

// A number not glued to a word, price, date or code ("M8", "$5", "2026-03-01", "#12"),
// optionally followed by "x": "200 M8 bolts", "50x brackets", "1,000 washers".
const QUANTITY_PATTERN = /(?<![\w.,\-/$€£#])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s*[x×])?[ \t]+/g;
const UNITS = new Set([
  "pc", "pcs", "piece", "pieces", "unit", "units", "ea", "kg", "g", "t", "tonnes", "tons", "lb", "lbs",
  "oz", "m", "cm", "mm", "km", "ft", "feet", "meters", "metres", "l", "litres", "liters", "ml", "gal",
  "gallons", "box", "boxes", "pack", "packs", "pallet", "pallets", "roll", "rolls", "sheet", "sheets",
  "pair", "pairs", "set", "sets", "case", "cases", "carton", "cartons", "bag", "bags", "dozen", "reams",
  "crates", "drums", "bottles",
]);
// Words that end an item name: "50 steel brackets by Friday", "200 bolts and 50 nuts".
const STOP_WORDS = new Set([
  "and", "or", "by", "before", "for", "from", "to", "at", "due", "with", "within", "in", "on", "until",
  "delivered", "delivery", "each", "per", "please", "asap", "plus", "also", "then", "need", "needed",
  "required", "which", "that", "so", "but", "as", "if", "we", "i", "are", "is", "should",
]);
// Numbers that are durations, times, dates or references rather than quantities.
const NOT_ITEMS = new Set([
  "day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours", "minute",
  "minutes", "business", "working", "am", "pm", "percent", "usd", "eur", "gbp", "dollars", "euros",
  "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
  "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
]);
const NOT_QUANTITY_AFTER = new Set([
  "by", "before", "on", "at", "until", "within", "after", "in", "building", "room", "dock", "gate",
  "floor", "suite", "po", "ref", "no", "number", "version",
]);
const MAX_WORDS = 6;
const MAX_INFERRED_ITEMS = 100;

/** Reads "<quantity> [unit [of]] <item name>" phrases out of free text. */
export function extractItemsFromText(text: string): TRfqItem[] {
  const items: TRfqItem[] = [];
  for (const match of text.matchAll(QUANTITY_PATTERN)) {
    if (items.length >= MAX_INFERRED_ITEMS) break;
    const start = match.index ?? 0;
    const previousWord = /([\p{L}]+)[^\p{L}\n]*$/u.exec(text.slice(Math.max(0, start - 30), start))?.[1];
    if (previousWord && NOT_QUANTITY_AFTER.has(previousWord.toLowerCase())) continue;

    const rest = text.slice(start + match[0].length, start + match[0].length + 200).split("\n")[0] ?? "";
    const words: string[] = [];
    for (const raw of rest.split(/\s+/)) {
      const word = raw.replace(/^[("'“‘]+/, "");
      const clean = word.replace(/[,;:.!?)"'”’]+$/, "");
      if (!clean || STOP_WORDS.has(clean.toLowerCase()) || /^\d+(?:[.,]\d+)*$/.test(clean)) break;
      words.push(clean);
      if (clean !== word || words.length >= MAX_WORDS) break; // punctuation ends the phrase
    }
    let unit: string | null = null;
    if (words.length >= 2 && UNITS.has(words[0]!.toLowerCase())) {
      unit = words.shift()!;
      if (words[0]?.toLowerCase() === "of" && words.length >= 2) words.shift();
    }
    const description = words.join(" ");
    if (!/\p{L}/u.test(description) || NOT_ITEMS.has(words[0]!.toLowerCase())) continue;
    const quantity = Number(match[1]!.replace(/,/g, ""));
    if (quantity > 0) items.push({ description, quantity, unit });
  }
  return items;
}

const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
// "due 2026-12-15", "due by 15 December 2026", "due on Dec 15, 2026", "Due date: 2026-12-15":
// a calendar date after "due"; vaguer wording ("due soon", "by Friday") is left to data.due_date.
const DUE_DATE_PATTERN = new RegExp(
  `\\bdue(?:\\s+date)?\\s*(?::|\\s+(?:by|on|before))?\\s*(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?(?:,?\\s+\\d{4})?|${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?)(?![\\w-])`,
  "i",
);

/** The due date written in the task after "due", as written, or null. */
export function extractDueDateFromText(text: string): string | null {
  return DUE_DATE_PATTERN.exec(text)?.[1] ?? null;
}

// A draft derived from the task and the items only (the same request twice drafts the same
// number): the engine gives the run the organization's next number when it records the
// outcome (src/domains/runs/rfq-numbers.ts), so numbers are unique per organization.
function rfqNumber(task: string, items: TRfqItem[]): string {
  const digest = createHash("sha256").update(JSON.stringify({ task, items })).digest("hex");
  return `RFQ-${digest.slice(0, 8).toUpperCase()}`;
}

const cell = (text: string): string => text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
const truncate = (text: string, length: number): string => {
  const single = text.replace(/\s+/g, " ").trim();
  return single.length <= length ? single : `${single.slice(0, length - 1).trimEnd()}…`;
};

function titleFor(task: string, items: TRfqItem[]): string {
  if (items.length === 0) return `Request for quotation: ${truncate(task, 60)}`;
  const named = items.slice(0, 2).map((item) => item.description).join(", ");
  return `Request for quotation: ${named}${items.length > 2 ? ` and ${items.length - 2} more` : ""}`;
}

function bodyFor(rfq: Omit<TRfqOutput, "body_markdown">, task: string): string {
  const lines = [`# ${rfq.title}`, "", `Reference: **${rfq.rfq_number}**`, ""];
  if (rfq.items.length > 0) {
    lines.push("We invite you to quote for the following items.", "", "| # | Item | Quantity | Unit |", "|---|------|----------|------|");
    rfq.items.forEach((item, index) => {
      lines.push(`| ${index + 1} | ${cell(item.description)} | ${item.quantity} | ${cell(item.unit ?? "—")} |`);
    });
  } else {
    // Without items the supplier needs the original wording to know what is wanted.
    lines.push("We invite you to quote for the following requirement.", "", `> ${cell(truncate(task, 2000))}`);
  }
  lines.push("", `**Quotes due:** ${rfq.due_date ?? "as soon as possible"}`);
  if (rfq.currency) lines.push(`**Currency:** please quote in ${rfq.currency}`);
  // Suppliers are deliberately not listed: each receives this document.
  lines.push(
    "",
    `Please give a unit price, total price and lead time for each item, and quote ${rfq.rfq_number} in your reply.`,
  );
  return lines.join("\n");
}

/** Given items → 0.9; items read from the task → 0.6 and triage; none found → 0.3 and triage. */
export function rfqGenerator(input: TAgentInput): TAgentResult {
  const data = parseAgentInput(ZRfqData, input.data ?? {}, "data");
  const givenItems: TRfqItem[] = (data.items ?? []).map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unit: item.unit ?? null,
  }));
  // An empty items array counts as no items: the task text is the only other source.
  const items = givenItems.length > 0 ? givenItems : extractItemsFromText(input.task);
  const rfq: Omit<TRfqOutput, "body_markdown"> = {
    rfq_number: rfqNumber(input.task, items),
    title: titleFor(input.task, items),
    items,
    // data.due_date wins; otherwise the task's own "due 2026-12-15" is not lost.
    due_date: data.due_date ?? extractDueDateFromText(input.task),
    suppliers: (data.suppliers ?? []).map((supplier) => ({ name: supplier.name, email: supplier.email ?? null })),
    currency: data.currency ?? null,
  };
  const output: TRfqOutput = { ...rfq, body_markdown: bodyFor(rfq, input.task) };

  if (givenItems.length > 0) return { output, confidence_score: 0.9 };
  if (items.length > 0) {
    return { output, confidence_score: 0.6, triage: { reason: "items inferred from free text" } };
  }
  return {
    output,
    confidence_score: 0.3,
    triage: { reason: "no items found in data.items or the task text" },
  };
}
