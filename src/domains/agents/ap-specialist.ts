// Accounts payable: checks an invoice's arithmetic, then matches it against a purchase
// order (2-way) and a goods receipt (3-way), as decisions.md ("Built-in agents") says.
import { z } from "zod";
import { parseAgentInput, type TAgentInput, type TAgentResult } from "./types.ts";

const PRICE_TOLERANCE = 0.005;

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
};

/**
 * Discrepancies no approval should pay through: an invoice whose lines do not add up to
 * its total (which amount?), from another vendor than the order's (misdirected or
 * fraudulent), or in another currency (the amounts were never compared). The proposal is
 * then to hold; quantity, price, total and receipt differences are the everyday variances
 * a person accepts, so those propose the payment.
 */
const BLOCKING_FIELDS = new Set(["invoice.total", "purchase_order.vendor", "purchase_order.currency"]);

// Printing through 12 significant digits first absorbs binary noise (1.005 * 100 = 100.4999…).
const toCents = (amount: number): number => Math.round(Number((amount * 100).toPrecision(12)));
const money = (cents: number, currency: string): string => `${(cents / 100).toFixed(2)} ${currency}`;
const normalizeSku = (sku: string): string => sku.trim().toUpperCase();
const normalizeVendor = (vendor: string): string => vendor.trim().replace(/\s+/g, " ").toLowerCase();
const sameQuantity = (left: number, right: number): boolean => Math.abs(left - right) < 1e-9;
const withinTolerance = (actual: number, expected: number): boolean =>
  Math.abs(actual - expected) <= expected * PRICE_TOLERANCE + 1e-9;

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

function checkAgainstPurchaseOrder(invoice: TPurchaseDocument, order: TPurchaseDocument): TDiscrepancy[] {
  const found: TDiscrepancy[] = [];
  if (normalizeVendor(invoice.vendor) !== normalizeVendor(order.vendor)) {
    found.push({
      field: "purchase_order.vendor",
      expected: order.vendor,
      actual: invoice.vendor,
      message: `invoice vendor "${invoice.vendor}" does not match purchase order vendor "${order.vendor}"`,
    });
  }
  // Not in decisions.md's list, but amounts in different currencies cannot be compared.
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
    } else if (!sameQuantity(invoiced, ordered)) {
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
    if (orderedPrice === undefined || withinTolerance(line.unit_price, orderedPrice)) continue;
    found.push({
      field: `purchase_order.lines[${sku}].unit_price`,
      expected: orderedPrice,
      actual: line.unit_price,
      message: `invoice unit price ${line.unit_price} for ${sku} differs from purchase order price ${orderedPrice} by more than ${PRICE_TOLERANCE * 100} %`,
    });
  }

  // The same tolerance applies to the total: prices accepted within tolerance move it too.
  const invoiceTotal = toCents(invoice.total);
  const orderTotal = toCents(order.total);
  if (!withinTolerance(invoiceTotal, orderTotal)) {
    found.push({
      field: "purchase_order.total",
      expected: orderTotal / 100,
      actual: invoiceTotal / 100,
      message: `invoice total ${money(invoiceTotal, invoice.currency)} does not match purchase order total ${money(orderTotal, order.currency)}`,
    });
  }
  return found;
}

function checkAgainstReceipt(invoice: TPurchaseDocument, receipt: TReceipt): TDiscrepancy[] {
  const received = quantitiesBySku(receipt.lines);
  const found: TDiscrepancy[] = [];
  for (const [sku, invoiced] of quantitiesBySku(invoice.lines)) {
    const receivedQuantity = received.get(sku) ?? 0;
    if (sameQuantity(invoiced, receivedQuantity)) continue;
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

export function apSpecialist(input: TAgentInput): TAgentResult {
  const data = input.data ?? {};
  const invoice = parseAgentInput(ZPurchaseDocument, data.invoice, "data.invoice");
  const order = data.purchase_order === undefined || data.purchase_order === null
    ? null
    : parseAgentInput(ZPurchaseDocument, data.purchase_order, "data.purchase_order");
  const receipt = data.receipt === undefined || data.receipt === null
    ? null
    : parseAgentInput(ZReceipt, data.receipt, "data.receipt");

  // A receipt without a purchase order is still checked, but it is not a 3-way match.
  const matched: TApOutput["matched"] = order ? (receipt ? "3-way" : "2-way") : "none";
  const discrepancies = [
    ...checkArithmetic(invoice),
    ...(order ? checkAgainstPurchaseOrder(invoice, order) : []),
    ...(receipt ? checkAgainstReceipt(invoice, receipt) : []),
  ];

  const blocking = discrepancies.filter((discrepancy) => BLOCKING_FIELDS.has(discrepancy.field));
  const amountDue = toCents(invoice.total) / 100;
  const output: TApOutput = {
    decision: blocking.length === 0 ? "approve_payment" : "hold",
    amount_due: amountDue,
    currency: invoice.currency,
    invoice_number: invoice.number,
    matched,
    discrepancies,
  };
  // A reviewed run's output is its proposal: approving pays despite these, rejecting holds.
  if (discrepancies.length > 0 && blocking.length === 0) {
    output.acknowledged_discrepancies = discrepancies.map((discrepancy) => discrepancy.field);
  }
  const result: TAgentResult = { output, confidence_score: confidenceFor(matched, discrepancies.length) };
  const [first] = discrepancies;
  if (first) {
    const more = discrepancies.length - 1;
    const suffix = more === 0 ? "" : ` (and ${more} more discrepanc${more === 1 ? "y" : "ies"})`;
    // The reason names the first discrepancy (decisions.md) and what approving does.
    const verdict = blocking.length === 0
      ? `Approve to pay ${money(toCents(amountDue), invoice.currency)} despite`
      : "Payment held";
    result.triage = { reason: `${verdict}: ${first.field}: ${first.message}${suffix}` };
  }
  return result;
}
