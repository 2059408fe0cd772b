// Accounts payable: checks an invoice's arithmetic, then matches it against a purchase
// order (2-way) and a goods receipt (3-way), as docs/contract.md ("Built-in agents") says; with
// the organization's history (ap-history in runs), also against earlier invoices: duplicates
// and what earlier paid invoices consumed of the same order (docs/api-conventions.md, "AP controls (issue 27)").
import { z } from "zod";
import { parseAgentInput, type TAgentInput, type TAgentResult } from "./types.ts";

/** The organization's tolerances in one mode (GET/PATCH /v1/settings); the defaults are the rules' original values. */
export type TApSettings = {
  /** 0.5 means 0.5 %: a unit price or total this close to the order's matches it. */
  price_tolerance_percent: number;
  /** Units: a quantity this close to the order's or the receipt's matches it. */
  quantity_tolerance: number;
  /** Absolute, in the invoice's currency: a total this close to the order's (or what is left of it) matches. */
  amount_tolerance: number;
  /** Two invoices of one vendor with the same amount and invoice dates this many days apart or less are possible duplicates. */
  duplicate_window_days: number;
};
export const DEFAULT_AP_SETTINGS: TApSettings = {
  price_tolerance_percent: 0.5,
  quantity_tolerance: 0,
  amount_tolerance: 0,
  duplicate_window_days: 30,
};

/**
 * An earlier invoice of the same vendor that counts: paid (an AP run completed with
 * approve_payment, `paid_cents` the amount approved) or waiting for a person.
 */
export type TEarlierInvoice = {
  run_id: string;
  invoice_number: string;
  invoice_date: string | null;
  currency: string;
  total_cents: number;
  po_key: string | null;
  lines: { sku: string; quantity: number }[];
  status: "paid" | "pending_review";
  paid_cents: number | null;
  /** ISO date-time: when it was paid, or when it began waiting. */
  at: string;
};

export type TApContext = { settings: TApSettings; history: TEarlierInvoice[] };
const NO_HISTORY: TApContext = { settings: DEFAULT_AP_SETTINGS, history: [] };

const ZDocumentLine = z.object({
  sku: z.string().trim().min(1),
  description: z.string(),
  quantity: z.number().positive(),
  unit_price: z.number().min(0),
});

// Invoices and purchase orders share one shape; numeric document numbers are common
// enough in ERP exports that they are accepted and kept as text.
export const ZPurchaseDocument = z.object({
  // A union rather than a preprocess, so the published input schema (input-schemas.ts) says so too.
  number: z.union([z.string().trim().min(1), z.number()]).transform(String),
  vendor: z.string().trim().min(1),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, "must be a three-letter ISO 4217 code")
    .transform((code) => code.toUpperCase()),
  total: z.number().min(0),
  lines: z.array(ZDocumentLine).min(1),
  /** The document's date (ISO 8601 date): with the vendor and amount, how duplicates are found. */
  date: z.iso.date("must be an ISO date (YYYY-MM-DD)").optional(),
});
export type TPurchaseDocument = z.infer<typeof ZPurchaseDocument>;

export const ZReceipt = z.object({
  lines: z.array(z.object({ sku: z.string().trim().min(1), quantity: z.number().min(0) })),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** `expected` comes from the reference (PO, receipt, or the invoice's own lines); `actual` from the invoice. */
export type TDiscrepancy = {
  field: string;
  expected: number | string | null;
  actual: number | string | null;
  message: string;
};

/**
 * Output of the agent. `matched` says which match was performed, not whether it
 * succeeded (that is `decision` and `discrepancies`): "none" = invoice arithmetic only,
 * "2-way" = invoice against purchase order, "3-way" = also against the receipt.
 * `amount_due` is what the invoice asks for; `decision` is what happens when the output
 * stands (on a reviewed run: when a person approves it). A payment that waits for a
 * person lists in `acknowledged_discrepancies` the fields they accept by approving.
 */
export type TApOutput = {
  decision: "approve_payment" | "hold";
  amount_due: number;
  currency: string;
  invoice_number: string;
  matched: "none" | "2-way" | "3-way";
  discrepancies: TDiscrepancy[];
  acknowledged_discrepancies?: string[];
  /** A line billed above what was received: the value of what was received (what may be paid now). */
  payable_now?: number;
  /** The earlier invoice this one may duplicate (the run waits for a person, proposing hold). */
  duplicate_of?: { invoice_number: string; run_id: string; status: "paid" | "pending_review"; matched_on: "invoice_number" | "amount_and_date" };
  /** What earlier paid invoices of this vendor billed against the same purchase order. */
  purchase_order_consumption?: { earlier_invoices: number; consumed: number; remaining: number };
};

/**
 * Discrepancies no approval should pay through: an invoice whose lines do not add up to
 * its total (which amount?), from another vendor than the order's (misdirected or
 * fraudulent), or in another currency (the amounts were never compared). The proposal is
 * then to hold; quantity, price, total and receipt differences are the everyday variances
 * a person accepts, so those propose the payment.
 */
const BLOCKING_FIELDS = new Set(["invoice.total", "purchase_order.vendor", "purchase_order.currency"]);
/** Fields of the controls across invoices and of billed-above-received: always a hold (a person may still pay). */
const isHoldField = (field: string): boolean =>
  BLOCKING_FIELDS.has(field) || field === "invoice.duplicate" || field.startsWith("purchase_order.consumed") || field.startsWith("receipt.") && field.endsWith(".over_received");

// Printing through 12 significant digits first absorbs binary noise (1.005 * 100 = 100.4999…).
const toCents = (amount: number): number => Math.round(Number((amount * 100).toPrecision(12)));
const money = (cents: number, currency: string): string => `${(cents / 100).toFixed(2)} ${currency}`;
const normalizeSku = (sku: string): string => sku.trim().toUpperCase();
/** "  ACME  Corp " and "acme corp" are one vendor. */
export const normalizeVendor = (vendor: string): string => vendor.trim().replace(/\s+/g, " ").toLowerCase();
/** Invoice and PO numbers compared without case, spaces or dashes ("INV-7" = "inv 7" = "INV7"). */
export const normalizeDocumentNumber = (number: string): string => number.replace(/[\s\-_./#]+/g, "").toUpperCase();

/** The rules' comparisons under one organization's tolerances. */
function comparisons(settings: TApSettings) {
  const price = settings.price_tolerance_percent / 100;
  return {
    sameQuantity: (actual: number, expected: number): boolean => Math.abs(actual - expected) <= settings.quantity_tolerance + 1e-9,
    /** More than `limit` beyond the tolerance (billing past an order or a receipt). */
    aboveQuantity: (actual: number, limit: number): boolean => actual - limit > settings.quantity_tolerance + 1e-9,
    priceWithin: (actual: number, expected: number): boolean => Math.abs(actual - expected) <= expected * price + 1e-9,
    /** Cents: within the percentage or the absolute amount, whichever is larger. */
    totalWithin: (actualCents: number, expectedCents: number): boolean =>
      Math.abs(actualCents - expectedCents) <= Math.max(expectedCents * price, toCents(settings.amount_tolerance)) + 1e-9,
    amountAbove: (actualCents: number, limitCents: number): boolean =>
      actualCents - limitCents > Math.max(limitCents * price, toCents(settings.amount_tolerance)) + 1e-9,
  };
}
type TComparisons = ReturnType<typeof comparisons>;

function quantitiesBySku(lines: readonly { sku: string; quantity: number }[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const sku = normalizeSku(line.sku);
    totals.set(sku, (totals.get(sku) ?? 0) + line.quantity);
  }
  return totals;
}

function checkArithmetic(invoice: TPurchaseDocument): TDiscrepancy[] {
  const lineSum = toCents(invoice.lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0));
  const total = toCents(invoice.total);
  if (lineSum === total) return [];
  return [{
    field: "invoice.total",
    expected: lineSum / 100,
    actual: total / 100,
    message: `invoice total ${money(total, invoice.currency)} does not equal the sum of its lines ${money(lineSum, invoice.currency)}`,
  }];
}

function checkAgainstPurchaseOrder(invoice: TPurchaseDocument, order: TPurchaseDocument, compare: TComparisons, settings: TApSettings): TDiscrepancy[] {
  const found: TDiscrepancy[] = [];
  if (normalizeVendor(invoice.vendor) !== normalizeVendor(order.vendor)) {
    found.push({
      field: "purchase_order.vendor",
      expected: order.vendor,
      actual: invoice.vendor,
      message: `invoice vendor "${invoice.vendor}" does not match purchase order vendor "${order.vendor}"`,
    });
  }
  // Not among the contract's checks (docs/contract.md, "Built-in agents"), but amounts in different currencies cannot be compared.
  if (invoice.currency !== order.currency) {
    found.push({
      field: "purchase_order.currency",
      expected: order.currency,
      actual: invoice.currency,
      message: `invoice currency ${invoice.currency} does not match purchase order currency ${order.currency}`,
    });
  }

  const orderedQuantities = quantitiesBySku(order.lines);
  const orderedPrices = new Map<string, number>();
  for (const line of order.lines) {
    const sku = normalizeSku(line.sku);
    if (!orderedPrices.has(sku)) orderedPrices.set(sku, line.unit_price);
  }

  // Quantities are compared per SKU (an invoice may split one PO line), prices per line.
  for (const [sku, invoiced] of quantitiesBySku(invoice.lines)) {
    const ordered = orderedQuantities.get(sku);
    if (ordered === undefined) {
      found.push({
        field: `purchase_order.lines[${sku}]`,
        expected: null,
        actual: sku,
        message: `invoice line ${sku} is not on the purchase order`,
      });
    } else if (!compare.sameQuantity(invoiced, ordered)) {
      found.push({
        field: `purchase_order.lines[${sku}].quantity`,
        expected: ordered,
        actual: invoiced,
        message: `invoice quantity ${invoiced} for ${sku} does not match purchase order quantity ${ordered}`,
      });
    }
  }
  for (const line of invoice.lines) {
    const sku = normalizeSku(line.sku);
    const orderedPrice = orderedPrices.get(sku);
    if (orderedPrice === undefined || compare.priceWithin(line.unit_price, orderedPrice)) continue;
    found.push({
      field: `purchase_order.lines[${sku}].unit_price`,
      expected: orderedPrice,
      actual: line.unit_price,
      message: `invoice unit price ${line.unit_price} for ${sku} differs from purchase order price ${orderedPrice} by more than ${settings.price_tolerance_percent} %`,
    });
  }

  // The same tolerance applies to the total: prices accepted within tolerance move it too.
  const invoiceTotal = toCents(invoice.total);
  const orderTotal = toCents(order.total);
  if (!compare.totalWithin(invoiceTotal, orderTotal)) {
    found.push({
      field: "purchase_order.total",
      expected: orderTotal / 100,
      actual: invoiceTotal / 100,
      message: `invoice total ${money(invoiceTotal, invoice.currency)} does not match purchase order total ${money(orderTotal, order.currency)}`,
    });
  }
  return found;
}

/**
 * Billed more than received (beyond the tolerance) is a quantity hold (field
 * `receipt.lines[SKU].over_received`); billed less is an everyday variance.
 */
function checkAgainstReceipt(invoice: TPurchaseDocument, receipt: TReceipt, compare: TComparisons): TDiscrepancy[] {
  const received = quantitiesBySku(receipt.lines);
  const found: TDiscrepancy[] = [];
  for (const [sku, invoiced] of quantitiesBySku(invoice.lines)) {
    const receivedQuantity = received.get(sku) ?? 0;
    if (compare.sameQuantity(invoiced, receivedQuantity)) continue;
    if (compare.aboveQuantity(invoiced, receivedQuantity)) {
      found.push({
        field: `receipt.lines[${sku}].over_received`,
        expected: receivedQuantity,
        actual: invoiced,
        message: `invoice bills ${invoiced} of ${sku} but ${receivedQuantity} were received`,
      });
      continue;
    }
    found.push({
      field: `receipt.lines[${sku}].quantity`,
      expected: receivedQuantity,
      actual: invoiced,
      message: `invoice quantity ${invoiced} for ${sku} does not match received quantity ${receivedQuantity}`,
    });
  }
  return found;
}

/**
 * The value of what was received, in cents: each invoice line paid for the received
 * quantity of its SKU still unallocated (in line order), at the invoice's unit price.
 */
export function payableNowCents(invoice: TPurchaseDocument, receipt: TReceipt): number {
  const left = quantitiesBySku(receipt.lines);
  let cents = 0;
  for (const line of invoice.lines) {
    const sku = normalizeSku(line.sku);
    const quantity = Math.min(line.quantity, left.get(sku) ?? 0);
    left.set(sku, (left.get(sku) ?? 0) - quantity);
    cents += toCents(quantity * line.unit_price);
  }
  return cents;
}

const shortRun = (runId: string): string => runId.slice(0, 8);
const dayOf = (iso: string): string => iso.slice(0, 10);
const daysBetween = (left: string, right: string): number =>
  Math.abs(Date.parse(`${left}T00:00:00Z`) - Date.parse(`${right}T00:00:00Z`)) / 86_400_000;

/**
 * The earliest earlier invoice this one may duplicate: the same invoice number (the vendor
 * is the same: the history is the vendor's), or the same amount and currency with invoice
 * dates at most duplicate_window_days apart.
 */
export function findDuplicate(invoice: TPurchaseDocument, context: TApContext): { earlier: TEarlierInvoice; matchedOn: "invoice_number" | "amount_and_date" } | null {
  const number = normalizeDocumentNumber(invoice.number);
  const total = toCents(invoice.total);
  const byNumber = context.history.find((earlier) => normalizeDocumentNumber(earlier.invoice_number) === number);
  if (byNumber) return { earlier: byNumber, matchedOn: "invoice_number" };
  if (!invoice.date) return null;
  const byAmount = context.history.find((earlier) =>
    earlier.invoice_date !== null && earlier.currency === invoice.currency && earlier.total_cents === total
    && daysBetween(earlier.invoice_date, invoice.date!) <= context.settings.duplicate_window_days);
  return byAmount ? { earlier: byAmount, matchedOn: "amount_and_date" } : null;
}

function duplicateDiscrepancy(invoice: TPurchaseDocument, found: NonNullable<ReturnType<typeof findDuplicate>>): TDiscrepancy {
  const { earlier, matchedOn } = found;
  const what = earlier.status === "paid" ? `paid ${dayOf(earlier.at)}` : `waiting for a person since ${dayOf(earlier.at)}`;
  const because = matchedOn === "invoice_number"
    ? "same vendor and invoice number"
    : `same vendor and amount ${money(earlier.total_cents, earlier.currency)}, invoice dated ${earlier.invoice_date}`;
  return {
    field: "invoice.duplicate",
    expected: null,
    actual: earlier.invoice_number,
    message: `possible duplicate of ${earlier.invoice_number}, ${what} in run ${shortRun(earlier.run_id)} (${because}); invoice ${invoice.number}`,
  };
}

/**
 * What earlier paid invoices of this vendor billed against the same PO number, per SKU and
 * in total, added to this invoice's: billing past the order beyond the tolerances is a
 * discrepancy giving the consumed and remaining amounts. Null without earlier paid invoices.
 */
export function checkConsumption(
  invoice: TPurchaseDocument,
  order: TPurchaseDocument,
  context: TApContext,
): { discrepancies: TDiscrepancy[]; consumption: NonNullable<TApOutput["purchase_order_consumption"]> } | null {
  const poKey = normalizeDocumentNumber(order.number);
  const earlier = context.history.filter((one) => one.status === "paid" && one.po_key === poKey && one.currency === order.currency);
  if (earlier.length === 0) return null;
  const compare = comparisons(context.settings);
  const found: TDiscrepancy[] = [];
  const consumedQuantities = quantitiesBySku(earlier.flatMap((one) => one.lines));
  const ordered = quantitiesBySku(order.lines);
  for (const [sku, invoiced] of quantitiesBySku(invoice.lines)) {
    const orderedQuantity = ordered.get(sku);
    const consumed = consumedQuantities.get(sku) ?? 0;
    if (orderedQuantity === undefined || consumed === 0 || !compare.aboveQuantity(consumed + invoiced, orderedQuantity)) continue;
    const remaining = Math.max(0, orderedQuantity - consumed);
    found.push({
      field: `purchase_order.consumed.lines[${sku}].quantity`,
      expected: remaining,
      actual: invoiced,
      message: `${sku}: earlier invoices billed ${consumed} of the ${orderedQuantity} ordered, ${remaining} remain, and this invoice bills ${invoiced}`,
    });
  }
  const consumedCents = earlier.reduce((sum, one) => sum + (one.paid_cents ?? one.total_cents), 0);
  const orderCents = toCents(order.total);
  const remainingCents = Math.max(0, orderCents - consumedCents);
  const invoiceCents = toCents(invoice.total);
  if (compare.amountAbove(consumedCents + invoiceCents, orderCents)) {
    found.push({
      field: "purchase_order.consumed.total",
      expected: remainingCents / 100,
      actual: invoiceCents / 100,
      message: `purchase order ${order.number}: ${earlier.length} earlier paid invoice(s) consumed ${money(consumedCents, order.currency)} of ${money(orderCents, order.currency)}, ${money(remainingCents, order.currency)} remain, and this invoice bills ${money(invoiceCents, invoice.currency)}`,
    });
  }
  return {
    discrepancies: found,
    consumption: { earlier_invoices: earlier.length, consumed: consumedCents / 100, remaining: remainingCents / 100 },
  };
}

/**
 * Clean 3-way 0.95, clean 2-way 0.9. An invoice with no purchase order gets 0.65: its
 * arithmetic holds but nothing vouches for it, so the default threshold (0.7) sends it
 * to a person while an organization that lowers its threshold can pay such invoices.
 * Each discrepancy costs 0.1 from 0.6, never below 0.2.
 */
function confidenceFor(matched: TApOutput["matched"], discrepancyCount: number): number {
  if (discrepancyCount > 0) return Math.max(0.2, Math.round((0.6 - 0.1 * (discrepancyCount - 1)) * 100) / 100);
  if (matched === "3-way") return 0.95;
  if (matched === "2-way") return 0.9;
  return 0.65;
}

/** The invoice, order and receipt of an AP run's data (AgentInputError when unusable). */
export function apDocumentsOf(input: TAgentInput): { invoice: TPurchaseDocument; order: TPurchaseDocument | null; receipt: TReceipt | null } {
  const data = input.data ?? {};
  const invoice = parseAgentInput(ZPurchaseDocument, data.invoice, "data.invoice");
  const order = data.purchase_order === undefined || data.purchase_order === null
    ? null
    : parseAgentInput(ZPurchaseDocument, data.purchase_order, "data.purchase_order");
  const receipt = data.receipt === undefined || data.receipt === null
    ? null
    : parseAgentInput(ZReceipt, data.receipt, "data.receipt");
  return { invoice, order, receipt };
}

/**
 * `context`: the organization's tolerances and the vendor's earlier invoices that count
 * (the engine passes them when it records the run; without them, defaults and no history).
 */
export function apSpecialist(input: TAgentInput, context: TApContext = NO_HISTORY): TAgentResult {
  const { invoice, order, receipt } = apDocumentsOf(input);
  const compare = comparisons(context.settings);
  const duplicate = findDuplicate(invoice, context);
  const consumption = order ? checkConsumption(invoice, order, context) : null;

  // A receipt without a purchase order is still checked, but it is not a 3-way match.
  const matched: TApOutput["matched"] = order ? (receipt ? "3-way" : "2-way") : "none";
  // A duplicate first: its reason (the first discrepancy's) names the earlier invoice and run.
  const discrepancies = [
    ...(duplicate ? [duplicateDiscrepancy(invoice, duplicate)] : []),
    ...checkArithmetic(invoice),
    ...(order ? checkAgainstPurchaseOrder(invoice, order, compare, context.settings) : []),
    ...(consumption?.discrepancies ?? []),
    ...(receipt ? checkAgainstReceipt(invoice, receipt, compare) : []),
  ];

  const blocking = discrepancies.filter((discrepancy) => isHoldField(discrepancy.field));
  const overReceived = discrepancies.some((discrepancy) => discrepancy.field.endsWith(".over_received"));
  const amountDue = toCents(invoice.total) / 100;
  const output: TApOutput = {
    decision: blocking.length === 0 ? "approve_payment" : "hold",
    amount_due: amountDue,
    currency: invoice.currency,
    invoice_number: invoice.number,
    matched,
    discrepancies,
  };
  const payableNow = receipt && overReceived ? payableNowCents(invoice, receipt) : null;
  if (payableNow !== null) output.payable_now = payableNow / 100;
  if (duplicate) {
    output.duplicate_of = {
      invoice_number: duplicate.earlier.invoice_number,
      run_id: duplicate.earlier.run_id,
      status: duplicate.earlier.status,
      matched_on: duplicate.matchedOn,
    };
  }
  if (consumption) output.purchase_order_consumption = consumption.consumption;
  // A reviewed run's output is its proposal: approving pays despite these, rejecting holds.
  if (discrepancies.length > 0 && blocking.length === 0) {
    output.acknowledged_discrepancies = discrepancies.map((discrepancy) => discrepancy.field);
  }
  const result: TAgentResult = { output, confidence_score: confidenceFor(matched, discrepancies.length) };
  const [first] = discrepancies;
  if (first) {
    const more = discrepancies.length - 1;
    const suffix = more === 0 ? "" : ` (and ${more} more discrepanc${more === 1 ? "y" : "ies"})`;
    // The reason names the first discrepancy (docs/contract.md, "Built-in agents") and what approving does.
    const verdict = blocking.length === 0
      ? `Approve to pay ${money(toCents(amountDue), invoice.currency)} despite`
      : "Payment held";
    // The quantity hold states what may be paid now (the value received), wherever it is listed.
    const payable = payableNow === null ? "" : `; payable now ${money(payableNow, invoice.currency)} (the value received), not ${money(toCents(amountDue), invoice.currency)}`;
    result.triage = { reason: `${verdict}: ${first.field}: ${first.message}${suffix}${payable}` };
  }
  return result;
}
