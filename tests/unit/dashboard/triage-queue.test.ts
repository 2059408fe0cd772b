// The review queue's pure parts (src/dashboard/triage/format.ts, use-queue-filters' URL
// mapping) and the dashboard's one error sentence (src/dashboard/lib/describe-error.ts).
import { describe, expect, it } from "vitest";
import { describeError } from "../../../src/dashboard/lib/describe-error.ts";
import { describeDue, formatSpan, summarizeSelection } from "../../../src/dashboard/triage/format.ts";
import { readQueueFilters, writeQueueFilters } from "../../../src/dashboard/triage/use-queue-filters.ts";

const NOW = Date.parse("2026-11-24T12:00:00Z");

describe("describeDue", () => {
  it.each([
    ["2026-11-24T16:00:00Z", { overdue: false, label: "4 h left" }],
    ["2026-11-24T14:10:30Z", { overdue: false, label: "2 h 11 min left" }],
    ["2026-11-24T12:00:20Z", { overdue: false, label: "1 min left" }],
    ["2026-11-24T11:25:00Z", { overdue: true, label: "overdue by 35 min" }],
    ["2026-11-21T10:00:00Z", { overdue: true, label: "overdue by 3 d 2 h" }],
  ])("due %s", (dueAt, expected) => {
    expect(describeDue(dueAt, NOW)).toEqual(expected);
  });

  it("says nothing without a due time", () => {
    expect(describeDue(undefined, NOW)).toBeNull();
    expect(formatSpan(0)).toBe("less than a minute");
  });
});

describe("summarizeSelection", () => {
  it("counts agents and sums amounts per currency in cents", () => {
    const summary = summarizeSelection([
      { agent: "ap_specialist", output: { amount_due: 0.1, currency: "USD" } },
      { agent: "ap_specialist", output: { amount_due: 0.2, currency: "USD" } },
      { agent: "ap_specialist", output: { amount_due: 50, currency: "EUR" } },
      { agent: "rfq_generator", output: { rfq_number: "RFQ-1" } },
    ]);
    expect(summary.count).toBe(4);
    expect(summary.agents).toEqual([
      { name: "ap_specialist", count: 3 },
      { name: "rfq_generator", count: 1 },
    ]);
    expect(summary.totals).toEqual([
      { currency: "USD", amount: 0.3, items: 2, payments: 0, holds: 0 },
      { currency: "EUR", amount: 50, items: 1, payments: 0, holds: 0 },
    ]);
    expect(summary.withoutAmount).toBe(1);
  });
});

describe("queue filters in the URL", () => {
  it("round-trips and leaves defaults out", () => {
    const batch = "0b8e8f3c-2f0a-4a51-9d2e-6c1f0f4b7a11";
    const filters = { status: "pending" as const, kind: "spot_check" as const, overdue: true, claimed: "mine" as const, agent: "ap_specialist", batch };
    const query = writeQueueFilters(filters);
    expect(query).toBe(`kind=spot_check&overdue=true&claimed=mine&agent=ap_specialist&batch=${batch}`);
    expect(readQueueFilters(new URLSearchParams(query))).toEqual(filters);
    expect(writeQueueFilters(readQueueFilters(new URLSearchParams("")))).toBe("");
  });

  it("ignores values it does not know", () => {
    expect(readQueueFilters(new URLSearchParams("status=nope&kind=audit&claimed=everyone&overdue=yes&batch=not-a-uuid"))).toEqual({
      status: "pending",
      kind: null,
      overdue: false,
      claimed: null,
      agent: null,
      batch: null,
    });
  });
});

describe("describeError", () => {
  const failure = (body: object) => ({ data: { body } });

  it("says a validation problem once", () => {
    const error = failure({
      type: "validation_error",
      message: "Invalid url: must be an https:// URL",
      issues: [{ path: "url", message: "must be an https:// URL" }],
    });
    expect(describeError(error).message).toBe("Invalid url: must be an https:// URL");
  });

  it("adds only the issues the message does not name", () => {
    const error = failure({
      type: "validation_error",
      message: "Invalid url: must be an https:// URL (and 1 more)",
      issues: [
        { path: "url", message: "must be an https:// URL" },
        { path: "events", message: "must not be empty" },
      ],
      request_id: "req_1",
    });
    expect(describeError(error)).toEqual({
      type: "validation_error",
      message: "Invalid url: must be an https:// URL; events: must not be empty",
      requestId: "req_1",
    });
  });

  it("falls back to the error's own message", () => {
    expect(describeError(new Error("offline")).message).toBe("offline");
    expect(describeError(42).message).toBe("Something went wrong. Try again.");
  });
});
