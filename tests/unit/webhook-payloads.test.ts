// The webhook payload contracts the OpenAPI document publishes (`webhooks`) are what the
// delivery code builds: the builders' bodies parse with the strict schemas (issue 26).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RUN_EVENTS } from "../../src/domains/runs/run-events.ts";
import { runEventBody, runEventId, testEventBody } from "../../src/domains/webhooks/run-event-payload.ts";
import { triageOverdueBody } from "../../src/domains/webhooks/triage-overdue.ts";
import { rolloutRolledBackBody, rolloutRolledBackEventId } from "../../src/domains/webhooks/rollout-rolled-back.ts";
import { signedHeaders } from "../../src/domains/webhooks/signing.ts";
import {
  WEBHOOK_DELIVERY_HEADERS,
  ZRolloutRolledBackEventPayload,
  ZRunEventPayload,
  ZTriageOverdueEventPayload,
} from "../../src/domains/webhooks/webhook-payloads.schemas.ts";

const run = {
  id: randomUUID(),
  agentType: "ap_specialist",
  agentVersion: 2,
  organizationId: randomUUID(),
  output: { decision: "approve_payment" },
  confidenceScore: 0.55,
  requiresTriage: true,
  errorMessage: "The service could not complete the run",
};

describe("webhook payload schemas", () => {
  it("match every run event body, the test sample included", () => {
    for (const event of RUN_EVENTS) {
      const body = runEventBody({ eventId: runEventId(run.id, event, 1), event, run, triageItemId: randomUUID(), occurredAt: new Date(), reviewRound: 1 });
      expect(ZRunEventPayload.safeParse(JSON.parse(body)).error).toBeUndefined();
    }
    const sample = testEventBody(runEventId(randomUUID(), "run.completed"), randomUUID(), new Date());
    expect(ZRunEventPayload.safeParse(JSON.parse(sample)).error).toBeUndefined();
  });

  it("match the triage.overdue body, claimed or not", () => {
    for (const claimedBy of [null, randomUUID()]) {
      const { body } = triageOverdueBody({
        id: randomUUID(),
        organizationId: randomUUID(),
        livemode: true,
        runId: randomUUID(),
        round: 0,
        agentType: "center",
        agentVersion: 1,
        dueAt: new Date(Date.now() - 1000),
        claimedBy,
        claimedByName: claimedBy ? "Ada" : null,
        claimedUntil: claimedBy ? new Date(Date.now() + 60_000) : null,
      });
      expect(ZTriageOverdueEventPayload.safeParse(JSON.parse(body)).error).toBeUndefined();
    }
  });

  it("match the agent.rollout.rolled_back body, its id stable per rollout", () => {
    const rollout = {
      id: randomUUID(),
      organizationId: randomUUID(),
      livemode: true,
      agentName: "invoice_sorter",
      version: 3,
      baselineVersion: 2,
      minAgreement: 0.88,
      endedJudged: 20,
      endedAgreed: 11,
      endedAt: new Date(),
    };
    const { eventId, body } = rolloutRolledBackBody(rollout);
    const parsed = ZRolloutRolledBackEventPayload.parse(JSON.parse(body));
    expect(parsed.data).toEqual({ agent: "invoice_sorter", version: 3, baseline_version: 2, judged: 20, agreement_rate: 0.55, min_agreement: 0.88 });
    expect(eventId).toBe(rolloutRolledBackEventId(rollout.id));
    expect(rolloutRolledBackBody(rollout).body).toBe(body);
  });

  it("are strict: a field the builders do not send is refused, so the two cannot drift apart silently", () => {
    const body = JSON.parse(testEventBody(runEventId(randomUUID(), "run.completed"), randomUUID(), new Date()));
    expect(ZRunEventPayload.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(ZRunEventPayload.safeParse({ ...body, data: { ...body.data, extra: 1 } }).success).toBe(false);
  });

  it("document every header a delivery is signed with", () => {
    const sent = Object.keys(signedHeaders("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "evt_1", "run.completed", "{}"));
    const documented = WEBHOOK_DELIVERY_HEADERS.map((header) => header.name);
    expect(sent.filter((name) => !["Content-Type", "User-Agent"].includes(name)).sort()).toEqual([...documented].sort());
  });
});
