// The new-batch dialog's saved CSV mappings (dashboard only, no /v1 path):
// batches.csvMapping reads and batches.saveCsvMapping replaces the mapping per organization,
// mode and agent type; both need batch:run (the permission that creates batches), checked on
// the server; the input is bounded (200 columns, 200-character headers, each header once).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { admin, createTenant, signInCookie, type TTenant } from "../helpers/api.ts";

let tenant: TTenant;
let other: TTenant;
let adminCookie: string;
let reviewerCookie: string;
let viewerCookie: string;
let otherCookie: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  const tag = tenant.orgId.slice(0, 8);
  for (const role of ["reviewer", "viewer"]) {
    await admin("create-member", "--org", tenant.orgId, "--email", `${role}-${tag}@example.test`, "--name", role, "--role", role, "--password", `${role} password`);
  }
  [adminCookie, reviewerCookie, viewerCookie, otherCookie] = await Promise.all([
    signInCookie(tenant.memberEmail, "correct horse battery"),
    signInCookie(`reviewer-${tag}@example.test`, "reviewer password"),
    signInCookie(`viewer-${tag}@example.test`, "viewer password"),
    signInCookie(other.memberEmail, "correct horse battery"),
  ]);
});

const inTest = (cookie: string) => `${cookie}; aw_mode=test`;

const read = async (agentType: string, cookie: string) => {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/batches.csvMapping?input=${encodeURIComponent(JSON.stringify({ agent_type: agentType }))}`, { headers: { cookie } });
  return { status: response.status, body: await response.json() };
};

const save = async (input: unknown, cookie: string) => {
  const response = await fetch(`${inject("baseUrl")}/api/trpc/batches.saveCsvMapping`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: await response.json() };
};

const MAPPING = {
  columns: [
    { header: "Invoice Number", target: "invoice.number" },
    { header: "Qty", target: "invoice.lines[].quantity" },
    { header: "Notes", target: "" },
  ],
  key_column: "Invoice Number",
};

describe("batches.saveCsvMapping and batches.csvMapping", () => {
  it("keeps the last mapping per agent type and mode, for the organization's members who can create batches", async () => {
    expect((await read("ap_specialist", reviewerCookie)).body.result.data).toEqual({ agent_type: "ap_specialist", mapping: null });

    const saved = await save({ agent_type: "ap_specialist", ...MAPPING }, reviewerCookie);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.result.data).toEqual({ agent_type: "ap_specialist", mapping: MAPPING });

    // Another member of the organization sees it; other agent types, test mode and other organizations do not.
    expect((await read("ap_specialist", adminCookie)).body.result.data.mapping).toEqual(MAPPING);
    expect((await read("rfq_generator", adminCookie)).body.result.data.mapping).toBeNull();
    expect((await read("ap_specialist", inTest(adminCookie))).body.result.data.mapping).toBeNull();
    expect((await read("ap_specialist", otherCookie)).body.result.data.mapping).toBeNull();

    // Saving again replaces it.
    const next = { columns: [{ header: "Qty", target: "invoice.lines[].quantity" }], key_column: null };
    expect((await save({ agent_type: "ap_specialist", ...next }, adminCookie)).status).toBe(200);
    expect((await read("ap_specialist", reviewerCookie)).body.result.data.mapping).toEqual(next);
  });

  it("refuses a viewer (no batch:run) on the server, reading and saving", async () => {
    const reading = await read("ap_specialist", viewerCookie);
    expect(reading.status).toBe(403);
    expect(reading.body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "batch:run" });
    const saving = await save({ agent_type: "ap_specialist", ...MAPPING }, viewerCookie);
    expect(saving.status).toBe(403);
    expect(saving.body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "batch:run" });
    expect((await read("ap_specialist", reviewerCookie)).body.result.data.mapping).not.toEqual(MAPPING);
  });

  it("refuses a signed-out caller", async () => {
    expect((await read("ap_specialist", "")).status).toBe(401);
    expect((await save({ agent_type: "ap_specialist", ...MAPPING }, "")).status).toBe(401);
  });

  it.each([
    ["more than 200 columns", { columns: Array.from({ length: 201 }, (_, index) => ({ header: `c${index}`, target: "" })), key_column: null }, "columns"],
    ["a header over 200 characters", { columns: [{ header: "h".repeat(201), target: "" }], key_column: null }, "columns.0.header"],
    ["a key column over 200 characters", { columns: [], key_column: "k".repeat(201) }, "key_column"],
    ["a target over 500 characters", { columns: [{ header: "h", target: "t".repeat(501) }], key_column: null }, "columns.0.target"],
    ["a header given twice", { columns: [{ header: "h", target: "" }, { header: "h", target: "invoice.number" }], key_column: null }, "columns"],
    ["an unknown agent type", { columns: [], key_column: null, agent_type: "nope" }, "agent_type"],
  ])("refuses %s with a 400 naming the field", async (_, input, path) => {
    const refused = await save({ agent_type: "ap_specialist", ...input }, reviewerCookie);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.data.body.type).toBe("validation_error");
    expect(JSON.stringify(refused.body.error.data.body.issues)).toContain(path);
  });

  it("has no /v1 path", async () => {
    const document = (await (await fetch(`${inject("baseUrl")}/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes("mapping"))).toEqual([]);
  });
});
