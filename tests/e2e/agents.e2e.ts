// The Agents page: an admin defines an agent (the output schema is checked as it is typed,
// the server's 400 shown on submit), adds a version, compares the two, rolls back and
// archives; a reviewer reads the list but cannot change it (the server refuses them too);
// "Try it" runs a custom agent in test mode against a fake model server and shows its
// output and steps as they happen (a server of this file's own: the shared one has no model);
// an admin copies it to live, and Try it of the live agent runs in test mode.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { completion, startFakeModelServer, type TFakeModelServer } from "../helpers/fake-model-server.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { api, baseUrl, createWorkspace, expect, screenshot, signIn, test, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Agents Co");
});

async function openAgentsPage(page: Page) {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Agents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agents" })).toBeVisible();
}

test("an admin defines an agent, adds a version, compares them, rolls back and archives", async ({ page, consoleErrors }, testInfo) => {
  const name = `sorter_${randomUUID().slice(0, 6)}`;
  await signIn(page, workspace.admin);
  await openAgentsPage(page);
  await expect(page.getByRole("row").filter({ hasText: "ap_specialist" })).toContainText("built-in · read-only");

  await page.getByRole("button", { name: "New agent" }).click();
  const form = page.getByRole("form", { name: "New agent" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Description").fill("Sorts supplier email");
  await form.getByLabel("Instructions").fill("V1: sort the supplier email.");
  const schema = form.getByLabel("Output schema");
  // Checked as it is typed: a syntax error, then a structural problem, then a valid schema.
  await schema.fill('{ "type": "object", ');
  await expect(form.getByRole("alert")).toContainText("Not valid JSON");
  await expect(schema).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("button", { name: "Create agent" })).toBeDisabled();
  await schema.fill('["not", "a", "schema"]');
  await expect(form.getByRole("alert")).toContainText("Not a JSON Schema object");
  await schema.fill('{ "type": "object", "properties": { "category": { "type": "strnig" } } }');
  await expect(form.getByRole("alert")).toContainText('"type" at properties.category must be one of');
  await schema.fill('{ "type": "object", "properties": { "category": { "type": "string" } }, "required": ["category"] }');
  await expect(form.getByRole("alert")).toHaveCount(0);
  await expect(schema).not.toHaveAttribute("aria-invalid", "true");
  await form.getByRole("checkbox", { name: /ap_match/ }).check();
  await form.getByLabel("Review threshold").fill("0.8");
  await form.getByRole("button", { name: "Create agent" }).click();

  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("custom");
  await expect(row).toContainText("v1");
  const detail = page.getByRole("region", { name: `${name} · v1` });
  await expect(detail).toContainText("V1: sort the supplier email.");
  await expect(detail).toContainText("ap_match");

  // A new version: the server's 400 for a schema the light check lets through, then a good one.
  await detail.getByRole("button", { name: "New version" }).click();
  const edit = page.getByRole("form", { name: `New version of ${name}` });
  await edit.getByLabel("Instructions").fill("V2: sort the supplier email, and say why.");
  await edit.getByLabel("Output schema").fill('{ "type": "object", "minProperties": -1 }');
  await edit.getByRole("button", { name: "Save version" }).click();
  await expect(edit.getByRole("alert")).toContainText("output_schema");
  await edit.getByLabel("Output schema").fill('{ "type": "object", "properties": { "category": { "type": "string" }, "why": { "type": "string" } } }');
  await edit.getByLabel("Always review: every run waits for a person").check();
  await edit.getByRole("button", { name: "Save version" }).click();
  await expect(row).toContainText("v2");

  const v2 = page.getByRole("region", { name: `${name} · v2` });
  const versions = v2.getByRole("table", { name: `Versions of ${name}` });
  await expect(versions.getByRole("row")).toHaveCount(3);
  const diff = v2.getByRole("region", { name: "Changes from v1 to v2" });
  await expect(diff.locator('[data-diff="removed"]').filter({ hasText: "V1: sort the supplier email." })).toHaveCount(1);
  await expect(diff.locator('[data-diff="added"]').filter({ hasText: "V2: sort the supplier email, and say why." })).toHaveCount(1);
  await expect(diff.locator('[data-diff="added"]').filter({ hasText: '"always": true' })).toHaveCount(1);
  await screenshot(page, testInfo, "agents");

  // Rolling back asks once, then v1 is active again (no new version).
  await versions.getByRole("button", { name: "Roll back to v1" }).click();
  const dialog = page.getByRole("dialog", { name: `Roll back ${name} to version 1?` });
  await dialog.getByRole("button", { name: "Make v1 active" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("v1");
  const back = page.getByRole("region", { name: `${name} · v1` });
  await expect(back.getByRole("table", { name: `Versions of ${name}` }).getByRole("row")).toHaveCount(3);
  await expect(back).toContainText("V1: sort the supplier email.");

  // Archiving asks once too; the agent leaves the list.
  await back.getByRole("button", { name: "Archive" }).click();
  await page.getByRole("dialog", { name: `Archive ${name}?` }).getByRole("button", { name: "Archive agent" }).click();
  await expect(row).toHaveCount(0);
  // The one refused save above is the browser's only complaint.
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
});

test("the version list names each version's author: a member by name, a key with its creator", async ({ page, consoleErrors }) => {
  const name = `authors_${randomUUID().slice(0, 6)}`;
  const created = await api(workspace.apiKey, "POST", "/v1/agents", { name, instructions: "V1: made with a key." });
  expect(created.status).toBe(201);
  await signIn(page, workspace.admin);
  await openAgentsPage(page);
  await page.getByRole("button", { name: `Open ${name}` }).click();
  const detail = page.getByRole("region", { name: `${name} · v1` });
  await detail.getByRole("button", { name: "New version" }).click();
  const edit = page.getByRole("form", { name: `New version of ${name}` });
  await edit.getByLabel("Instructions").fill("V2: made in the dashboard.");
  await edit.getByRole("button", { name: "Save version" }).click();
  const versions = page.getByRole("region", { name: `${name} · v2` }).getByRole("table", { name: `Versions of ${name}` });
  const byColumn = async (version: string) => versions.getByRole("row").filter({ hasText: version }).getByRole("cell").nth(2);
  await expect(await byColumn("v2")).toHaveText(workspace.admin.name);
  await expect(await byColumn("v1")).toHaveText(`API key 'e2e' (${workspace.admin.name})`);
  // Never an actor id.
  await expect(versions).not.toContainText("member:");
  await expect(versions).not.toContainText("api_key:");
  expect(consoleErrors).toEqual([]);
});

test("a reviewer reads the agents but cannot change them, and the server refuses them", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.reviewer);
  await openAgentsPage(page);
  await expect(page.getByRole("row").filter({ hasText: "rfq_generator" })).toContainText("built-in · read-only");
  await expect(page.getByRole("button", { name: "New agent" })).toHaveCount(0);
  await page.getByRole("button", { name: "Open rfq_generator" }).click();
  const detail = page.getByRole("region", { name: "rfq_generator · v1" });
  await expect(detail).toContainText("A built-in agent: read-only.");
  await expect(detail.getByRole("button", { name: "New version" })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "Archive" })).toHaveCount(0);

  // The page hides it; the server decides: a direct call with the reviewer's session is 403.
  const response = await page.request.post(`${baseUrl()}/api/trpc/agents.create`, {
    headers: { origin: baseUrl() },
    data: { name: "sneaky_agent", instructions: "Do something." },
  });
  const refused = { status: response.status(), body: await response.json() };
  expect(refused.status).toBe(403);
  expect(refused.body.error.data.body).toMatchObject({ type: "insufficient_scope", required: "agents:write" });
  expect(consoleErrors).toEqual([]);
});

test.describe("Try it", () => {
  let fake: TFakeModelServer;
  let service: TOwnService;

  test.beforeAll(async () => {
    fake = await startFakeModelServer();
    service = await createOwnService("e2e_agents_try");
    await service.start({ OPENAI_BASE_URL: fake.baseUrl, AGENT_MODEL: "fake-model", AGENT_LATENCY_MS: "200" });
  });
  test.afterAll(async () => {
    await service?.dispose();
    await fake?.close();
  });

  test("runs a custom agent in test mode and shows its output and steps", async ({ page, consoleErrors }, testInfo) => {
    const own = service.server().baseUrl;
    const org = await service.cli("create-org", "--name", "Try Co", "--plan", "growth");
    await service.cli("create-member", "--org", org.id, "--email", "try-admin@e2e.test", "--name", "Tina Admin", "--role", "admin", "--password", "try password");
    const { key: testKey } = await service.cli("create-key", "--org", org.id, "--member", "try-admin@e2e.test", "--name", "t", "--scopes", "all", "--mode", "test");
    const defined = await service.api("POST", "/v1/agents", testKey, {
      name: "email_sorter",
      instructions: "Sort the supplier email.",
      output_schema: { type: "object", properties: { category: { type: "string" } }, required: ["category"] },
    });
    expect(defined.status).toBe(201);
    fake.setFallback(completion({ output: { category: "invoice" }, confidence: 0.95, needs_review: false, review_reason: null }));

    await page.goto(`${own}/sign-in`);
    await page.getByLabel("Email").fill("try-admin@e2e.test");
    await page.getByLabel("Password").fill("try password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signed-in-as")).toBeVisible();
    await page.getByRole("switch", { name: "Test mode" }).click();
    await expect(page.getByRole("switch", { name: "Test mode" })).toHaveAttribute("aria-checked", "true");
    await openAgentsPage(page);
    await page.getByRole("button", { name: "Open email_sorter" }).click();

    const tryForm = page.getByRole("form", { name: "Try email_sorter" });
    await tryForm.getByLabel("Task").fill("Sort this: the invoice for PO-7 is attached");
    await tryForm.getByLabel("Data (JSON, optional)").fill("{ \"from\": ");
    await expect(tryForm.getByRole("alert")).toContainText("Not valid JSON");
    await tryForm.getByLabel("Data (JSON, optional)").fill('{ "from": "billing@acme.test" }');
    await tryForm.getByRole("button", { name: "Run in test mode" }).click();

    const result = page.getByRole("region", { name: "Try it result" });
    await expect(result.getByTestId("try-status")).toContainText("completed");
    await expect(result.getByLabel("Output")).toContainText('"category": "invoice"');
    const steps = result.getByRole("list", { name: "Steps" });
    await expect(steps.getByRole("heading", { name: /Step 1: Model call/ })).toBeVisible();
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain("Sort this: the invoice for PO-7 is attached");
    await screenshot(page, testInfo, "agents-try-it");

    // Copy to live: asks once, then the live agent has that version; Try it there runs in test mode.
    const versions = page.getByRole("table", { name: "Versions of email_sorter" });
    await versions.getByRole("button", { name: "Copy v1 to live" }).click();
    const dialog = page.getByRole("dialog", { name: "Copy version 1 of email_sorter to live?" });
    await dialog.getByRole("button", { name: "Copy to live" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Copied v1 to live" })).toContainText("live email_sorter is now at v1");
    await page.getByRole("switch", { name: "Test mode" }).click();
    await expect(page.getByRole("switch", { name: "Test mode" })).toHaveAttribute("aria-checked", "false");
    await openAgentsPage(page);
    await page.getByRole("button", { name: "Open email_sorter" }).click();
    await expect(page.getByRole("region", { name: "email_sorter · v1" })).toContainText("Sort the supplier email.");
    // Copying is for the test-mode page: live mode has no such button.
    await expect(page.getByRole("button", { name: /Copy v\d+ to live/ })).toHaveCount(0);
    const liveTry = page.getByRole("form", { name: "Try email_sorter" });
    await expect(liveTry).toContainText("this agent's live version is tried there");
    await liveTry.getByLabel("Task").fill("Sort this live one");
    await liveTry.getByRole("button", { name: "Run in test mode" }).click();
    const liveResult = page.getByRole("region", { name: "Try it result" });
    await expect(liveResult.getByTestId("try-status")).toContainText("completed");
    await expect(liveResult).toContainText("A test-mode run");
    await expect(liveResult.getByLabel("Output")).toContainText('"category": "invoice"');
    expect(consoleErrors).toEqual([]);
  });
});

test("a reviewer sees no Copy to live; Try it in live mode runs in test mode", async ({ page, consoleErrors }) => {
  await signIn(page, workspace.reviewer);
  await page.goto(`${baseUrl()}/agents`);
  await page.getByRole("button", { name: "Open rfq_generator" }).click();
  await expect(page.getByRole("button", { name: /to live/ })).toHaveCount(0);
  const tryForm = page.getByRole("form", { name: "Try rfq_generator" });
  await tryForm.getByLabel("Task").fill("Quote 3 desk lamps");
  await tryForm.getByLabel("Data (JSON, optional)").fill('{ "items": [{ "description": "desk lamps", "quantity": 3 }] }');
  await tryForm.getByRole("button", { name: "Run in test mode" }).click();
  const result = page.getByRole("region", { name: "Try it result" });
  await expect(result.getByTestId("try-status")).toContainText("completed");
  await expect(result).toContainText("A test-mode run");
  expect(consoleErrors).toEqual([]);
});
