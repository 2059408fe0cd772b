// GET /v1/runs: search (q) in the task and the invoice, PO and RFQ numbers, the creation
// window [created_from, created_to), and a stable order for runs created in the same instant
// (docs/api-conventions.md, "Searching runs"). Rows are written directly so their times,
// data and outputs are exactly what each test needs; everything is read over HTTP.
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { call, createTenant, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";

type TRunRow = {
  task?: string;
  agentType?: string;
  status?: "completed" | "pending_triage" | "queued";
  data?: unknown;
  output?: unknown;
  proposedOutput?: unknown;
  createdAt?: string;
  id?: string;
};

async function insertRuns(organizationId: string, rows: TRunRow[]): Promise<string[]> {
  const ids = rows.map((row) => row.id ?? randomUUID());
  await withDatabase(inject("databaseUrl"), async (client) => {
    for (const [index, row] of rows.entries()) {
      const status = row.status ?? "completed";
      await client.query(
        `INSERT INTO runs (id, organization_id, livemode, agent_type, status, priority, task, data, output, requires_triage, created_at, updated_at)
         VALUES ($1, $2, true, $3, $4::"RunStatus", 'normal', $5, $6::jsonb, $7::jsonb, $8, COALESCE($9::timestamptz, now()), now())`,
        [
          ids[index],
          organizationId,
          row.agentType ?? "ap_specialist",
          status,
          row.task ?? "fixture task",
          row.data === undefined ? null : JSON.stringify(row.data),
          row.output === undefined ? null : JSON.stringify(row.output),
          status === "pending_triage",
          row.createdAt ?? null,
        ],
      );
      if (row.proposedOutput !== undefined) {
        await client.query(
          `INSERT INTO triage_items (id, organization_id, livemode, run_id, status, triage_reason, proposed_output)
           VALUES ($1, $2, true, $3, 'pending', 'items inferred from free text', $4::jsonb)`,
          [randomUUID(), organizationId, ids[index], JSON.stringify(row.proposedOutput)],
        );
      }
    }
  });
  return ids;
}

const listIds = async (tenant: TTenant, query: string) => {
  const response = await call("GET", `/v1/runs?limit=100&${query}`, { key: tenant.key });
  expect(response.status, response.text).toBe(200);
  return (response.body.data as { id: string }[]).map((run) => run.id);
};

function expectValidationError(response: { status: number; body: any }, path: string) {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ type: "validation_error", issues: expect.arrayContaining([expect.objectContaining({ path })]) });
}

describe("GET /v1/runs?q=", () => {
  it("finds runs by task text, invoice number, PO number and RFQ number, case-insensitively", async () => {
    const tenant = await createTenant();
    const [byTask, byInvoice, byOrder, byRfq, byProposedRfq, unrelated] = await insertRuns(tenant.orgId, [
      { task: "Check the Globex Freight invoice for March" },
      { task: "Match this invoice", data: { invoice: { number: "INV-77123", vendor: "Acme" } } },
      { task: "Match this invoice", data: { invoice: { number: "INV-1" }, purchase_order: { number: "PO-5521" } } },
      { task: "Quote 200 bolts", agentType: "rfq_generator", output: { rfq_number: "RFQ-7C0FFEE1", title: "Bolts" } },
      { task: "Quote washers", agentType: "rfq_generator", status: "pending_triage", proposedOutput: { rfq_number: "RFQ-0DDBA115" } },
      { task: "Something else entirely", data: { invoice: { number: "INV-2" } } },
    ]);

    expect(await listIds(tenant, "q=globex%20FREIGHT")).toEqual([byTask]);
    expect(await listIds(tenant, "q=inv-77123")).toEqual([byInvoice]);
    expect(await listIds(tenant, "q=77123")).toEqual([byInvoice]);
    expect(await listIds(tenant, "q=po-5521")).toEqual([byOrder]);
    expect(await listIds(tenant, "q=rfq-7c0ffee1")).toEqual([byRfq]);
    expect(await listIds(tenant, "q=RFQ-0DDBA115")).toEqual([byProposedRfq]);
    // Not a search of every JSON value: the vendor is not one of the searched fields.
    expect(await listIds(tenant, "q=Acme")).toEqual([]);
    expect(await listIds(tenant, "q=nothing-like-this")).toEqual([]);
    expect((await listIds(tenant, "")).sort()).toEqual([byTask, byInvoice, byOrder, byRfq, byProposedRfq, unrelated].sort());
  });

  it("matches % and _ literally, not as wildcards", async () => {
    const tenant = await createTenant();
    const [percent, underscore] = await insertRuns(tenant.orgId, [{ task: "Paid 100% of it" }, { task: "file a_b.csv" }, { task: "plain" }]);
    expect(await listIds(tenant, "q=%25")).toEqual([percent]);
    expect(await listIds(tenant, "q=100%25")).toEqual([percent]);
    expect(await listIds(tenant, "q=_")).toEqual([underscore]);
    expect(await listIds(tenant, "q=a_b")).toEqual([underscore]);
    expect(await listIds(tenant, "q=1_0")).toEqual([]);
    expect(await listIds(tenant, "q=%5C")).toEqual([]);
  });

  it("combines with status and counts only matching runs", async () => {
    const tenant = await createTenant();
    const [completed] = await insertRuns(tenant.orgId, [
      { task: "invoice batch 42", status: "completed" },
      { task: "invoice batch 42", status: "queued" },
      { task: "another invoice", status: "completed" },
    ]);
    const response = await call("GET", "/v1/runs?q=batch%2042&status=completed", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 1, total_exact: true, has_more: false });
    expect(response.body.data.map((run: { id: string }) => run.id)).toEqual([completed]);
  });

  it("does not find another organization's runs", async () => {
    const [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    await insertRuns(other.orgId, [{ data: { invoice: { number: "INV-SECRET-9" } } }]);
    await insertRuns(tenant.orgId, [{ task: "own run", data: { invoice: { number: "INV-OWN-1" } } }]);
    expect(await listIds(tenant, "q=INV-SECRET-9")).toEqual([]);
    expect(await listIds(other, "q=INV-SECRET-9")).toHaveLength(1);
  });

  it("refuses an empty, too long or repeated q with a 400 naming q", async () => {
    const tenant = await createTenant();
    expectValidationError(await call("GET", "/v1/runs?q=", { key: tenant.key }), "q");
    expectValidationError(await call("GET", "/v1/runs?q=%20%20", { key: tenant.key }), "q");
    expectValidationError(await call("GET", `/v1/runs?q=${"x".repeat(101)}`, { key: tenant.key }), "q");
    expectValidationError(await call("GET", "/v1/runs?q=a&q=b", { key: tenant.key }), "q");
    expect((await call("GET", `/v1/runs?q=${"x".repeat(100)}`, { key: tenant.key })).status).toBe(200);
  });
});

describe("GET /v1/runs?created_from=&created_to=", () => {
  it("includes created_from and excludes created_to", async () => {
    const tenant = await createTenant();
    const [first, second, third] = await insertRuns(tenant.orgId, [
      { createdAt: "2026-03-04T10:00:00.000Z" },
      { createdAt: "2026-03-04T10:00:01.000Z" },
      { createdAt: "2026-03-04T10:00:02.000Z" },
    ]);
    expect(await listIds(tenant, "created_from=2026-03-04T10:00:01Z")).toEqual([third, second]);
    expect(await listIds(tenant, "created_to=2026-03-04T10:00:01Z")).toEqual([first]);
    expect(await listIds(tenant, "created_from=2026-03-04T10:00:01Z&created_to=2026-03-04T10:00:02Z")).toEqual([second]);
    // An offset is honoured: 11:00:01+01:00 is 10:00:01Z.
    expect(await listIds(tenant, "created_from=2026-03-04T11:00:01%2B01:00")).toEqual([third, second]);
    // A calendar date is midnight UTC.
    expect(await listIds(tenant, "created_from=2026-03-04&created_to=2026-03-05")).toEqual([third, second, first]);
    expect(await listIds(tenant, "created_to=2026-03-04")).toEqual([]);
  });

  it.each([
    ["created_from", "yesterday"],
    ["created_from", "2026-13-01"],
    ["created_to", "2026-03-04T10:00:00"],
    ["created_to", "1700000000"],
  ])("refuses %s=%s with a 400 naming the parameter", async (name, value) => {
    const tenant = await createTenant();
    expectValidationError(await call("GET", `/v1/runs?${name}=${encodeURIComponent(value)}`, { key: tenant.key }), name);
  });

  it("refuses a window that ends before it starts", async () => {
    const tenant = await createTenant();
    expectValidationError(await call("GET", "/v1/runs?created_from=2026-03-05&created_to=2026-03-04", { key: tenant.key }), "created_to");
  });
});

describe("GET /v1/runs order", () => {
  it("orders runs created in the same instant by id, so pages neither repeat nor skip", async () => {
    const tenant = await createTenant();
    const sameInstant = "2026-05-06T07:08:09.000Z";
    const ids = await insertRuns(
      tenant.orgId,
      Array.from({ length: 7 }, (_, index) => ({ task: `same minute invoice ${index}`, createdAt: sameInstant })),
    );
    // Outside the search and the window: never on these pages.
    await insertRuns(tenant.orgId, [{ task: "other", createdAt: "2026-05-07T00:00:00.000Z" }, { task: "same minute, earlier", createdAt: "2026-05-05T23:59:59.999Z" }]);
    const expected = [...ids].sort().reverse();
    const seen: string[] = [];
    for (let offset = 0; offset < 7; offset += 3) {
      const response = await call("GET", `/v1/runs?q=same%20minute&created_from=2026-05-06&limit=3&offset=${offset}`, { key: tenant.key });
      expect(response.status).toBe(200);
      seen.push(...response.body.data.map((run: { id: string }) => run.id));
    }
    expect(seen).toEqual(expected);
    // The same order again, in one page.
    expect(await listIds(tenant, "q=same%20minute&created_from=2026-05-06")).toEqual(expected);
  });
});
