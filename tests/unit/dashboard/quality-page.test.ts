// The Quality page's pure parts (src/dashboard/quality/): its choices in the URL, the slices
// of the review rate over time, the version Apply makes, and how numbers are written.
import { describe, expect, it } from "vitest";
import type { TAgentView } from "../../../src/dashboard/agents/types.ts";
import { nextVersionInput } from "../../../src/dashboard/quality/next-version.ts";
import { periodSlices, periodStart } from "../../../src/dashboard/quality/period.ts";
import { bandLabel, formatRate, formatThreshold } from "../../../src/dashboard/quality/types.ts";
import { readQualityParams, writeQualityParams } from "../../../src/dashboard/quality/use-quality-params.ts";

describe("the Quality page's URL", () => {
  it("reads defaults from an empty query and leaves them out when writing", () => {
    const choice = readQualityParams(new URLSearchParams(""));
    expect(choice).toEqual({ agent: null, days: 30, target: 0.95 });
    expect(writeQualityParams(choice)).toBe("");
  });

  it("round-trips a choice, and ignores a period or target it does not offer", () => {
    const choice = { agent: "invoice_checker", days: 90 as const, target: 0.9 };
    expect(readQualityParams(new URLSearchParams(writeQualityParams(choice)))).toEqual(choice);
    expect(readQualityParams(new URLSearchParams("days=14&target=1.5"))).toMatchObject({ days: 30, target: 0.95 });
    expect(readQualityParams(new URLSearchParams("target=0"))).toMatchObject({ target: 0.95 });
    expect(readQualityParams(new URLSearchParams("target=abc"))).toMatchObject({ target: 0.95 });
  });
});

describe("periodSlices", () => {
  const now = new Date("2026-11-24T12:00:00.000Z");
  it.each([
    [7, 7, 1],
    [30, 5, 6],
    [90, 9, 10],
  ] as const)("cuts %i days into %i consecutive slices of %i days ending now", (days, count, sliceDays) => {
    const slices = periodSlices(now, days);
    expect(slices).toHaveLength(count);
    expect(slices.at(-1)!.to).toBe(now.toISOString());
    expect(slices[0]!.from).toBe(periodStart(now, days));
    for (const [index, slice] of slices.entries()) {
      expect(Date.parse(slice.to) - Date.parse(slice.from)).toBe(sliceDays * 24 * 60 * 60 * 1000);
      if (index > 0) expect(slice.from).toBe(slices[index - 1]!.to);
    }
  });
});

describe("nextVersionInput", () => {
  const agent = {
    name: "invoice_checker",
    kind: "custom",
    description: null,
    version: 3,
    instructions: "Check it.",
    output_schema: { type: "object" },
    input_schema: null,
    tools: ["lookup_vendor"],
    review: { confidence_threshold: 0.5, always: false, sla_minutes: 90, max_rounds: null },
    model: null,
    created_at: null,
    updated_at: null,
  } as unknown as TAgentView;

  it("keeps the whole definition and replaces only the confidence threshold", () => {
    expect(nextVersionInput(agent, 0.72)).toEqual({
      name: "invoice_checker",
      description: undefined,
      instructions: "Check it.",
      output_schema: { type: "object" },
      input_schema: undefined,
      tools: ["lookup_vendor"],
      model: undefined,
      // Unset settings (null) stay unset: they keep meaning "the default".
      review: { confidence_threshold: 0.72, always: false, sla_minutes: 90 },
    });
  });
});

describe("formatting", () => {
  it("writes rates, thresholds and bands", () => {
    expect(formatRate(0.975)).toBe("97.5%");
    expect(formatRate(null)).toBe("—");
    expect(formatThreshold(0.725)).toBe("0.73");
    expect(formatThreshold(0.5)).toBe("0.5");
    expect(bandLabel({ min: 0.9, max: 1 })).toBe("0.9–1.0");
  });
});
