// The review page of a signed decision link (issue 30): a real AP item waiting for a person,
// opened from its link without signing in, at desktop and phone width; axe finds nothing
// serious; approving through the form completes the run, and rejecting needs a reason code.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { seedReviewLink } from "../helpers/review-link.ts";
import { api, baseUrl, createTriageItem, createWorkspace, expect, expectNoHorizontalScroll, screenshot, test, type TWorkspace } from "./support.ts";

let workspace: TWorkspace;
test.beforeAll(async () => {
  workspace = await createWorkspace("Link Co");
});

const linkTo = async (triageItemId: string, options: { channel?: "email" | "chat" } = {}) =>
  `${baseUrl()}/review/${(await seedReviewLink(process.env.E2E_DATABASE_URL!, triageItemId, options)).token}`;

async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const found = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical" || ["heading-order", "page-has-heading-one"].includes(violation.id))
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect.soft(found, `${name}: axe violations\n${found.join("\n")}`).toEqual([]);
}

for (const [width, height, label] of [
  [1280, 800, "desktop"],
  [390, 844, "phone"],
] as const) {
  test(`the review page at ${label} width is accessible in every decision form`, async ({ page, context }, testInfo) => {
    await page.setViewportSize({ width, height });
    const { triageItemId } = await createTriageItem(workspace.apiKey, `Pay invoice for ${label}`);
    const url = await linkTo(triageItemId, { channel: "chat" });
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`Pay invoice for ${label}`) })).toBeVisible();
    await expect(page.getByText("Why it needs a person")).toBeVisible();
    await expectAccessible(page, `${label}: approve`);
    await expectNoHorizontalScroll(page);
    await screenshot(page, testInfo, `review-link-${label}`, { fullPage: true });
    for (const action of ["Edit and approve", "Reject", "Request changes"]) {
      await page.getByRole("navigation", { name: "Decisions" }).getByRole("link", { name: action }).click();
      await expect(page.getByRole("button", { name: action })).toBeVisible();
      await expectAccessible(page, `${label}: ${action}`);
      await expectNoHorizontalScroll(page);
    }
    // A chat link asks for the name: sending without it says so at the field.
    await page.getByRole("button", { name: "Request changes" }).evaluate((button) => (button as HTMLButtonElement).form!.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Request changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: /Enter your name/ })).toBeVisible();
    await expect(page.getByLabel("Your name *")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, `${label}: error`);
    expect(await context.cookies()).toEqual([]);
  });
}

test("approving through the form completes the run", async ({ page }) => {
  const { runId, triageItemId } = await createTriageItem(workspace.apiKey, "Pay invoice through a link");
  await page.goto(`${await linkTo(triageItemId)}?action=approve`);
  await expect(page.getByLabel("Your name")).toHaveValue("controller@example.test");
  await page.getByLabel("Your name").fill("Carla Controller");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Approved. The run completed" })).toBeVisible();
  await expect(page.getByText(/Approved by Carla Controller at \d\d:\d\d UTC/)).toBeVisible();
  const { body } = await api(workspace.apiKey, "GET", `/v1/runs/${runId}`);
  expect(body.run.status).toBe("completed");
  expect(body.triage_item.resolved_by_actor).toMatchObject({ type: "link", name: "Carla Controller", channel: "email" });
});

test("rejecting through the form records the reason code", async ({ page }) => {
  const { runId, triageItemId } = await createTriageItem(workspace.apiKey, "Reject invoice through a link");
  await page.goto(`${await linkTo(triageItemId)}?action=reject`);
  await page.getByLabel("Reason *").selectOption("duplicate");
  await page.getByLabel("Note (optional)").fill("Paid last week");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rejected" })).toBeVisible();
  const { body } = await api(workspace.apiKey, "GET", `/v1/runs/${runId}`);
  expect(body.run).toMatchObject({ status: "cancelled", reason_code: "duplicate" });
  expect(body.triage_item.resolution_note).toBe("Paid last week");
});
