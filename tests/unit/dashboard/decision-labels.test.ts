// Decisions named by their effect (src/dashboard/triage/format.ts): the buttons of an AP card,
// the bulk-approval summary (only money that goes out), "Recently resolved", and the agent the
// Quality page opens on (src/dashboard/quality/use-quality-params.ts).
import { describe, expect, it } from "vitest";
import { mostJudgedAgent } from "../../../src/dashboard/quality/use-quality-params.ts";
import { decisionLabels, describeBulkTotal, describeOutcome, summarizeSelection } from "../../../src/dashboard/triage/format.ts";

const pay = (amount: number, currency = "USD") => ({ decision: "approve_payment", amount_due: amount, currency, invoice_number: "INV-1" });
const hold = (amount: number, currency = "USD") => ({ decision: "hold", amount_due: amount, currency, invoice_number: "INV-2" });

describe("decisionLabels", () => {
  it("names a payment proposal's approve by the money and its reject by what it stops", () => {
    const labels = decisionLabels(pay(300));
    expect(labels).toMatchObject({ approve: "Pay 300.00 USD", reject: "Don't pay" });
    expect(labels.rejectHint).toContain("nothing is paid");
    expect(decisionLabels(pay(1234.5, "EUR")).approve).toBe("Pay 1,234.50 EUR");
  });

  it("names a hold proposal's approve Hold: approving a hold holds", () => {
    const labels = decisionLabels(hold(520));
    expect(labels).toMatchObject({ approve: "Hold", reject: "Reject" });
    expect(labels.approveHint).toContain("nothing is paid");
  });

  it("keeps Approve and Reject where the output says no decision", () => {
    expect(decisionLabels({ rfq_number: "RFQ-1" })).toMatchObject({ approve: "Approve", reject: "Reject" });
    expect(decisionLabels(null)).toMatchObject({ approve: "Approve", reject: "Reject" });
    expect(decisionLabels({ decision: "pay", amount_due: 5 })).toMatchObject({ approve: "Approve" });
  });
});

describe("the bulk summary counts only money that goes out", () => {
  it("does not count a held invoice: USD 75.00 over 1 payment, 1 hold", () => {
    const summary = summarizeSelection([
      { agent: "ap_specialist", output: pay(75) },
      { agent: "ap_specialist", output: hold(520) },
    ]);
    expect(summary.totals).toEqual([{ currency: "USD", amount: 75, items: 1, payments: 1, holds: 1 }]);
    expect(describeBulkTotal(summary.totals[0]!)).toBe("USD 75.00 over 1 payment, 1 hold");
  });

  it("says so when nothing in a currency is paid, and names other outputs' amounts apart", () => {
    const summary = summarizeSelection([
      { agent: "ap_specialist", output: hold(520, "EUR") },
      { agent: "ap_specialist", output: pay(0.1) },
      { agent: "ap_specialist", output: pay(0.2) },
      { agent: "custom", output: { amount: 10, currency: "USD" } },
    ]);
    expect(summary.totals.map(describeBulkTotal)).toEqual(["EUR 0.00 over 0 payments, 1 hold", "USD 10.30 over 2 payments and 1 other item"]);
  });
});

describe("describeOutcome", () => {
  it("shows what each decision did", () => {
    expect(describeOutcome({ status: "approved", proposed_output: pay(300), output: pay(300) })).toBe("Paid 300.00 USD");
    // An edited approval: what the run completed with counts, not the proposal.
    expect(describeOutcome({ status: "approved", proposed_output: pay(300), output: hold(300) })).toBe("Held");
    expect(describeOutcome({ status: "approved", proposed_output: hold(520) })).toBe("Held");
    expect(describeOutcome({ status: "rejected", proposed_output: pay(300) })).toBe("Not paid (rejected)");
    expect(describeOutcome({ status: "changes_requested", proposed_output: pay(300) })).toBe("Sent back for changes");
    expect(describeOutcome({ status: "approved", proposed_output: { rfq_number: "RFQ-1" } })).toBe("Approved");
    expect(describeOutcome({ status: "checked", verdict: "incorrect", proposed_output: null })).toBe("Checked: incorrect");
  });
});

describe("mostJudgedAgent", () => {
  it("opens on the agent with the most judged runs, else the first; waits for every report", () => {
    expect(mostJudgedAgent([{ name: "ap_specialist", judged: 2 }, { name: "invoice-checker", judged: 9 }, { name: "rfq_generator", judged: 9 }])).toBe("invoice-checker");
    expect(mostJudgedAgent([{ name: "ap_specialist", judged: 0 }, { name: "rfq_generator", judged: 0 }])).toBe("ap_specialist");
    expect(mostJudgedAgent([{ name: "ap_specialist", judged: 4 }, { name: "rfq_generator", judged: undefined }])).toBeNull();
    expect(mostJudgedAgent([])).toBeNull();
  });
});
