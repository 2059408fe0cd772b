// GET /v1/usage/ledger: the whole credit ledger a page at a time behind a cursor, and as CSV
// (docs/api-conventions.md, "Usage ledger"). Entries are written directly (many at once);
// everything is read over HTTP.
import { describe, expect, inject, it } from "vitest";
import { call, createKey, createTenant, type TResponse, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";

/** Writes `count` ledger entries in one statement, amounts -1, -2, … in write order. */
async function insertEntries(organizationId: string, count: number, livemode = true): Promise<void> {
  await withDatabase(inject("databaseUrl"), (client) =>
    client.query(
      `INSERT INTO credit_ledger (id, organization_id, livemode, amount, balance_after, reason, created_at)
       SELECT gen_random_uuid(), $1, $3, -n, -(n * (n + 1) / 2), 'run', now()
       FROM generate_series(1, $2::int) AS n ORDER BY n`,
      [organizationId, count, livemode],
    ),
  );
}

type TEntry = { id: string; amount: number; balance_after: number; reason: string; run_id: string | null; member_id: string | null; created_at: string };

async function walk(tenant: TTenant, limit: number): Promise<{ pages: TEntry[][]; cursors: (string | null)[] }> {
  const pages: TEntry[][] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    const response: TResponse = await call("GET", `/v1/usage/ledger?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key: tenant.key });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    pages.push(response.body.data);
    cursor = response.body.next_cursor;
    cursors.push(cursor);
  } while (cursor && pages.length < 50);
  return { pages, cursors };
}

function expectValidationError(response: { status: number; body: any }, path: string) {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ type: "validation_error", issues: expect.arrayContaining([expect.objectContaining({ path })]) });
}

describe("GET /v1/usage/ledger", () => {
  it("pages the whole ledger, newest first, with next_cursor until the last page", async () => {
    const tenant = await createTenant();
    await insertEntries(tenant.orgId, 45);
    const { pages, cursors } = await walk(tenant, 20);
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(cursors.at(-1)).toBeNull();
    const amounts = pages.flat().map((entry) => entry.amount);
    // Newest (the last written, -45) first, every entry once.
    expect(amounts).toEqual(Array.from({ length: 45 }, (_, index) => -(45 - index)));
    expect(new Set(pages.flat().map((entry) => entry.id)).size).toBe(45);
    expect(pages[0]![0]).toEqual({
      id: expect.any(String), amount: -45, balance_after: -1035, reason: "run", run_id: null, member_id: null, created_at: expect.any(String),
    });
    // The same entries, in the same order, as the newest-50 history (which stays as it is).
    const history = await call("GET", "/v1/usage/history", { key: tenant.key });
    expect(history.body.data.map((entry: TEntry) => entry.id)).toEqual(pages.flat().map((entry) => entry.id));
  });

  it("defaults to 20 entries and ends with next_cursor null when everything fits", async () => {
    const tenant = await createTenant();
    await insertEntries(tenant.orgId, 21);
    const first = await call("GET", "/v1/usage/ledger", { key: tenant.key });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const all = await call("GET", "/v1/usage/ledger?limit=100", { key: tenant.key });
    expect(all.body.data).toHaveLength(21);
    expect(all.body.next_cursor).toBeNull();
  });

  it("keeps a walk consistent while new entries are written", async () => {
    const tenant = await createTenant();
    await insertEntries(tenant.orgId, 10);
    const first = await call("GET", "/v1/usage/ledger?limit=5", { key: tenant.key });
    await insertEntries(tenant.orgId, 3);
    const second = await call("GET", `/v1/usage/ledger?limit=5&cursor=${encodeURIComponent(first.body.next_cursor)}`, { key: tenant.key });
    expect(second.body.data.map((entry: TEntry) => entry.amount)).toEqual([-5, -4, -3, -2, -1]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("shows neither another organization's entries nor the other mode's", async () => {
    const [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    await insertEntries(tenant.orgId, 3);
    await insertEntries(tenant.orgId, 2, false);
    const otherPage = await call("GET", "/v1/usage/ledger?limit=100", { key: other.key });
    expect(otherPage.body).toEqual({ data: [], next_cursor: null });
    const otherCsv = await call("GET", "/v1/usage/ledger?format=csv", { key: other.key });
    expect(otherCsv.text.trim().split("\r\n")).toHaveLength(1);
    // Another organization's cursor reads only the caller's own ledger.
    const own = await call("GET", "/v1/usage/ledger?limit=1", { key: tenant.key });
    const borrowed = await call("GET", `/v1/usage/ledger?cursor=${encodeURIComponent(own.body.next_cursor)}`, { key: other.key });
    expect(borrowed.body).toEqual({ data: [], next_cursor: null });
    const testPage = await call("GET", "/v1/usage/ledger", { key: tenant.testKey });
    expect(testPage.body.data.map((entry: TEntry) => entry.amount)).toEqual([-2, -1]);
  });

  it("refuses a bad cursor, limit or format with a 400 naming it", async () => {
    const tenant = await createTenant();
    expectValidationError(await call("GET", "/v1/usage/ledger?cursor=not-a-cursor", { key: tenant.key }), "cursor");
    expectValidationError(await call("GET", `/v1/usage/ledger?cursor=${Buffer.from("l1:-5").toString("base64url")}`, { key: tenant.key }), "cursor");
    expectValidationError(await call("GET", "/v1/usage/ledger?limit=0", { key: tenant.key }), "limit");
    expectValidationError(await call("GET", "/v1/usage/ledger?limit=101", { key: tenant.key }), "limit");
    expectValidationError(await call("GET", "/v1/usage/ledger?format=xml", { key: tenant.key }), "format");
    expectValidationError(await call("GET", "/v1/usage/ledger?format=csv&cursor=zz", { key: tenant.key }), "cursor");
  });

  it("needs a key with agents:read, like GET /v1/usage", async () => {
    const tenant = await createTenant();
    const runOnly = await createKey(tenant, "agents:run");
    const refused = await call("GET", "/v1/usage/ledger", { key: runOnly.key });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: "insufficient_scope", required: "agents:read" });
    expect((await call("GET", "/v1/usage/ledger?format=csv")).status).toBe(401);
  });
});

describe("GET /v1/usage/ledger?format=csv", () => {
  it("exports every entry as text/csv with a header row, across more than one read chunk", async () => {
    const tenant = await createTenant();
    await insertEntries(tenant.orgId, 1_205);
    const response = await call("GET", "/v1/usage/ledger?format=csv", { key: tenant.key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="ledger-live-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.text.split("\r\n");
    expect(lines.at(-1)).toBe("");
    const [header, ...rows] = lines.slice(0, -1);
    expect(header).toBe("id,created_at,amount,balance_after,reason,run_id,member_id");
    expect(rows).toHaveLength(1_205);
    const cells = rows.map((row) => row.split(","));
    expect(cells.map((cell) => Number(cell[2]))).toEqual(Array.from({ length: 1_205 }, (_, index) => -(1_205 - index)));
    expect(new Set(cells.map((cell) => cell[0])).size).toBe(1_205);
    expect(cells[0]).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), "-1205", String(-(1205 * 1206) / 2), "run", "", ""]);
  });

  it("exports from a cursor on: the rest of a walk", async () => {
    const tenant = await createTenant();
    await insertEntries(tenant.orgId, 7);
    const first = await call("GET", "/v1/usage/ledger?limit=4", { key: tenant.key });
    const rest = await call("GET", `/v1/usage/ledger?format=csv&cursor=${encodeURIComponent(first.body.next_cursor)}`, { key: tenant.key });
    expect(rest.text.split("\r\n").slice(1, -1).map((row) => Number(row.split(",")[2]))).toEqual([-3, -2, -1]);
  });
});
