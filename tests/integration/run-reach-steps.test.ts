// A run's step trace shows the review messages about its items and the approvals of an item
// that needs several (docs/api-conventions.md, "Run steps"): `notification` and `approval`
// steps after the item's triage step, in time order. The message log and the approvals are
// written by the reach-reviewers job and the approve endpoint; here their rows are written
// with SQL at chosen times, so the order and the fields are what is under test.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { call, createKey, createTenant, type TTenant } from "../helpers/api.ts";
import { withDatabase } from "../helpers/database.ts";
import { insertRunAwaitingTriage } from "../helpers/fixtures.ts";

let tenant: TTenant;
let key: string;

beforeAll(async () => {
  tenant = await createTenant();
  key = (await createKey(tenant, "all")).key;
});

const stepsOf = async (runId: string) => {
  const response = await call("GET", `/v1/runs/${runId}/steps`, { key });
  expect(response.status).toBe(200);
  return response.body.data as any[];
};

type TSeedNotification = { kind: string; step: number; channel: string; recipient: string; status: string; attempts: number; sentAt: string | null; createdAt: string };
type TSeedApproval = { approver: string; actor: string; actorName: string; edited: boolean; createdAt: string };

async function seed(itemId: string, rows: { required?: number; notifications?: TSeedNotification[]; approvals?: TSeedApproval[] }) {
  await withDatabase(inject("databaseUrl"), async (client) => {
    if (rows.required) await client.query("UPDATE triage_items SET approvals_required = $2 WHERE id = $1", [itemId, rows.required]);
    for (const row of rows.notifications ?? []) {
      await client.query(
        `INSERT INTO triage_notifications (id, organization_id, livemode, triage_item_id, kind, step, channel, recipient, recipient_key, status, attempts, sent_at, created_at)
         VALUES ($1, $2, true, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [randomUUID(), tenant.orgId, itemId, row.kind, row.step, row.channel, row.recipient, randomUUID(), row.status, row.attempts, row.sentAt, row.createdAt],
      );
    }
    for (const row of rows.approvals ?? []) {
      await client.query(
        `INSERT INTO triage_approvals (id, triage_item_id, approver, actor, actor_name, output_edited, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), itemId, row.approver, row.actor, row.actorName, row.edited, row.createdAt],
      );
    }
  });
}

/** `seconds` after the item opened, as an ISO time. */
const after = (openedAt: string, seconds: number) => new Date(Date.parse(openedAt) + seconds * 1000).toISOString();

describe("messages and approvals in the run's steps", () => {
  it("after the triage step, in time order: the message on opening, the first approval (1 of 2), the escalation; each with its fields", async () => {
    const { runId, triageItemId } = await insertRunAwaitingTriage(tenant.orgId);
    const run = await call("GET", `/v1/runs/${runId}`, { key });
    const openedAt = run.body.triage_item.created_at as string;
    const absentMember = `member:${randomUUID()}`;
    await seed(triageItemId, {
      required: 2,
      // Written out of order: the steps sort them.
      notifications: [
        { kind: "escalated", step: 1, channel: "chat", recipient: "https://hooks.example.com/…/••••3xQz", status: "retrying", attempts: 2, sentAt: null, createdAt: after(openedAt, 120) },
        { kind: "opened", step: 0, channel: "email", recipient: "controller@example.com", status: "sent", attempts: 1, sentAt: after(openedAt, 3), createdAt: after(openedAt, 1) },
      ],
      approvals: [{ approver: absentMember, actor: absentMember, actorName: "Ada Admin", edited: true, createdAt: after(openedAt, 60) }],
    });

    const steps = await stepsOf(runId);
    expect(steps.map((step) => step.type)).toEqual(["agent", "triage", "notification", "approval", "notification"]);
    const [, triage, opened, approval, escalated] = steps;
    expect(triage.status).toBe("pending");
    expect(opened).toEqual({
      type: "notification",
      started_at: after(openedAt, 1),
      finished_at: after(openedAt, 3),
      duration_ms: 2000,
      status: "completed",
      detail: { triage_item_id: triageItemId, kind: "opened", channel: "email", recipient: "controller@example.com", delivery: "sent", attempts: 1, round: 0 },
    });
    expect(approval).toEqual({
      type: "approval",
      started_at: after(openedAt, 60),
      finished_at: after(openedAt, 60),
      duration_ms: 0,
      status: "completed",
      detail: {
        triage_item_id: triageItemId,
        by: absentMember,
        // A member who has left is named as recorded with the approval.
        by_actor: { type: "member", id: absentMember.slice("member:".length), name: "Ada Admin" },
        output_edited: true,
        required: 2,
        position: 1,
        round: 0,
      },
    });
    expect(escalated).toMatchObject({
      status: "running",
      finished_at: null,
      duration_ms: null,
      detail: { kind: "escalated", channel: "chat", recipient: "https://hooks.example.com/…/••••3xQz", delivery: "retrying", attempts: 2 },
    });
  });

  it("a message that gave up is a failed step; a second approval is 2 of 2; another run's rows stay out", async () => {
    const { runId, triageItemId } = await insertRunAwaitingTriage(tenant.orgId);
    const other = await insertRunAwaitingTriage(tenant.orgId);
    const openedAt = (await call("GET", `/v1/runs/${runId}`, { key })).body.triage_item.created_at as string;
    const [first, second] = [`member:${randomUUID()}`, `member:${randomUUID()}`];
    await seed(triageItemId, {
      required: 2,
      notifications: [{ kind: "opened", step: 0, channel: "email", recipient: "ap@example.com", status: "gave_up", attempts: 5, sentAt: null, createdAt: after(openedAt, 1) }],
      approvals: [
        { approver: second, actor: second, actorName: "Bea Reviewer", edited: false, createdAt: after(openedAt, 90) },
        { approver: first, actor: first, actorName: "Ada Admin", edited: false, createdAt: after(openedAt, 30) },
      ],
    });
    await seed(other.triageItemId, {
      notifications: [{ kind: "opened", step: 0, channel: "email", recipient: "someone@example.com", status: "sent", attempts: 1, sentAt: openedAt, createdAt: openedAt }],
    });

    const steps = await stepsOf(runId);
    expect(steps.map((step) => [step.type, step.status])).toEqual([["agent", "completed"], ["triage", "pending"], ["notification", "failed"], ["approval", "completed"], ["approval", "completed"]]);
    expect(steps.slice(3).map((step) => [step.detail.by_actor.name, step.detail.position, step.detail.required])).toEqual([["Ada Admin", 1, 2], ["Bea Reviewer", 2, 2]]);
    expect(steps.some((step) => step.detail.recipient === "someone@example.com")).toBe(false);
    expect((await stepsOf(other.runId)).filter((step) => step.type === "notification")).toHaveLength(1);
  });

  it("an item with neither has the steps it always had", async () => {
    const { runId } = await insertRunAwaitingTriage(tenant.orgId);
    expect((await stepsOf(runId)).map((step) => step.type)).toEqual(["agent", "triage"]);
  });
});
