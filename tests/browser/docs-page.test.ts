// /docs in a real browser: Scalar renders the live OpenAPI document, loading nothing but
// this server's own URLs.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "../helpers/browser.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe("GET /docs in Chromium", () => {
  it("renders the document's tags, an operation and its error responses, from local assets only", async () => {
    const baseUrl = inject("baseUrl");
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));

    await page.goto(`${baseUrl}/docs`);
    // Each wait throws (and fails the test) unless Scalar rendered it from the live document.
    await page.getByText("Service health (no key needed)").first().waitFor({ state: "visible", timeout: 20_000 });
    for (const tag of ["health", "runs", "triage", "webhooks", "batches", "usage"]) {
      expect(await page.getByText(tag, { exact: true }).count()).toBeGreaterThan(0);
    }
    await page.getByText("runs", { exact: true }).first().click();
    await page.getByText("Start an agent run").first().click();
    await page.getByText("insufficient_credits").first().waitFor({ state: "visible", timeout: 10_000 });

    mkdirSync(".test-results", { recursive: true });
    await page.screenshot({ path: path.join(".test-results", "docs-page.png") });
    const foreign = requested.filter((url) => !url.startsWith(baseUrl) && !url.startsWith("data:") && !url.startsWith("blob:"));
    expect(foreign).toEqual([]);
    expect(requested).toContain(`${baseUrl}/v1/openapi.json`);
    await page.close();
  });
});
