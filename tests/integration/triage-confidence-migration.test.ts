// The migration that gave triage items their round's confidence
// (prisma/migrations/20261126220000_triage_item_confidence), on runs written under the old
// schema: the last recorded round gets the run's score, an earlier round the score its
// transcript (model-backed agents) or its proposal (ap_specialist) has, anything else none.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, withDatabase } from "../helpers/database.ts";
import { migrationsBefore } from "../helpers/migrations.ts";
import { runAdminCli } from "../helpers/processes.ts";

const MIGRATION = "20261126220000_triage_item_confidence";
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const answer = (confidence: number, fenced = false) => {
  const json = JSON.stringify({ output: { category: "invoice" }, confidence, needs_review: true, review_reason: "unsure" });
  return fenced ? "```json\n" + json + "\n```" : json;
};

describe(`migration ${MIGRATION}`, () => {
  it("records each existing round's confidence where the run, the transcript or the item has it, and leaves the rest null", async () => {
    const database = await createDatabase("aw_confidence_migration");
    cleanups.push(() => database.drop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aw-confidence-migration-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const settings = { DATABASE_URL: database.url, DATA_DIR: dataDir };

    const before = await runAdminCli(["create-org", "--name", "Old Co", "--plan", "growth", "--json"], { ...settings, MIGRATIONS_DIR: migrationsBefore(MIGRATION, cleanups) });
    expect(before.code, before.stderr).toBe(0);
    const org = (before.json as { id: string }).id;

    const items = await withDatabase(database.url, async (client) => {
      const run = async (agent: string, status: string, round: number, confidence: number | null, transcript: unknown = null) =>
        (
          await client.query(
            `INSERT INTO runs (id, organization_id, livemode, agent_type, status, priority, task, confidence_score, review_round, model_transcript, updated_at)
             VALUES (gen_random_uuid(), $1, true, $2, $3::"RunStatus", 'normal', 'old run', $4, $5, $6, now()) RETURNING id`,
            [org, agent, status, confidence, round, transcript === null ? null : JSON.stringify(transcript)],
          )
        ).rows[0].id as string;
      const item = async (runId: string, round: number, status: string, proposal: unknown = { category: "invoice" }, kind = "review") =>
        (
          await client.query(
            `INSERT INTO triage_items (id, organization_id, livemode, run_id, round, kind, status, triage_reason, proposed_output)
             VALUES (gen_random_uuid(), $1, true, $2, $3, $4, $5::"TriageStatus", 'old', $6) RETURNING id`,
            [org, runId, round, kind, status, JSON.stringify(proposal)],
          )
        ).rows[0].id as string;

      // A custom agent sent back at 0.45 (its answer in a code fence) and approved at 0.95.
      const custom = await run("scorer", "completed", 1, 0.95, {
        messages: [
          { role: "system", content: "Classify." },
          { role: "user", content: "Task" },
          { role: "assistant", content: answer(0.45, true) },
          { role: "user", content: "A reviewer sent your answer back" },
          { role: "assistant", content: answer(0.95) },
        ],
        tool_calls: [],
        rounds: [{ round: 1, first_message: 3 }],
      });
      // The AP agent sent back at a 2-way match with two discrepancies (0.5), then completed on its own at 0.9.
      const ap = await run("ap_specialist", "completed", 1, 0.9);
      // center sent back (its score is in neither its transcript nor its proposal), completed at 0.9.
      const center = await run("center", "completed", 1, 0.9);
      // Sent back at 0.4 and not run again yet: the run's score is still round 0's.
      const queued = await run("scorer", "queued", 1, 0.4);
      // One round, waiting; and a spot check of a run that completed on its own.
      const waiting = await run("rfq_generator", "pending_triage", 0, 0.3);
      const spotChecked = await run("rfq_generator", "completed", 0, 0.9);
      return {
        customFirst: await item(custom, 0, "changes_requested"),
        customSecond: await item(custom, 1, "approved"),
        apFirst: await item(ap, 0, "changes_requested", { decision: "approve_payment", matched: "2-way", discrepancies: [{ field: "a" }, { field: "b" }] }),
        centerFirst: await item(center, 0, "changes_requested"),
        queuedFirst: await item(queued, 0, "changes_requested"),
        waiting: await item(waiting, 0, "pending"),
        spotCheck: await item(spotChecked, 0, "checked", { lines: [] }, "spot_check"),
      };
    });

    // Now every migration, this one included.
    const after = await runAdminCli(["create-org", "--name", "New Co", "--plan", "growth", "--json"], settings);
    expect(after.code, after.stderr).toBe(0);

    const scores = await withDatabase(database.url, async (client) =>
      Object.fromEntries((await client.query("SELECT id, confidence_score FROM triage_items")).rows.map((row) => [row.id, row.confidence_score])),
    );
    expect(Object.fromEntries(Object.entries(items).map(([name, id]) => [name, scores[id]]))).toEqual({
      customFirst: 0.45,
      customSecond: 0.95,
      apFirst: 0.5,
      centerFirst: null,
      queuedFirst: 0.4,
      waiting: 0.3,
      spotCheck: 0.9,
    });
  });
});
