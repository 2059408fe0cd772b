// Accepting work, the same way for a run and for a batch: check the callback URL, then
// atomically create the records, queue their jobs, charge every run and record the
// idempotent response. Nothing accepted is lost (the jobs commit with the records) and
// nothing refused is charged (402 rolls the whole write back). The charge comes last in the
// transaction: it takes the period's balance-row lock, held until commit.
import { db, type TDatabase } from "../../foundation/db/client.ts";
import { assertDeliverableUrl } from "../../foundation/ssrf-guard.ts";
import { validationError, type TValidationIssue } from "../../foundation/errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { TAgentType } from "../agents/agent-types.ts";
import { BUILT_IN_INPUT_SCHEMAS, dataPath, inputIssues } from "../agents/input-schemas.ts";
import type { TPrincipal } from "../auth/authenticate.ts";
import { debitForRuns, type TChargedRun } from "../usage/credits.ts";
import { countTestModeModelRuns } from "../usage/test-mode-allowance.ts";
import { announceWorkQueued, enqueueWork } from "../work-queue/enqueue.ts";
import type { TWork } from "../work-queue/work.ts";
import { usesModel } from "./run-execution.ts";

type TTransaction = Prisma.TransactionClient;

const ACCEPT_TRANSACTION_MAX_WAIT_MS = 10_000;
const ACCEPT_TRANSACTION_TIMEOUT_MS = 30_000;

// Enough to fix a spreadsheet without flooding the response; the message counts the rest.
const MAX_INPUT_ISSUES = 50;

/**
 * The one check of `data` against the agent's input schema at acceptance, before anything
 * is written or charged (a run passes one input rooted at `data`, a batch one per row rooted
 * at `rows.<index>.data`). Absent data is checked as `{}`, as the agents read it. Throws a
 * 400 validation_error naming each path that does not fit. Custom agents' schemas belong here
 * beside the built-ins'.
 */
export function assertInputsFit(agentType: TAgentType, inputs: readonly { data: unknown; root: string }[]): void {
  const schema = BUILT_IN_INPUT_SCHEMAS[agentType];
  const issues: TValidationIssue[] = [];
  for (const input of inputs) {
    for (const issue of inputIssues(schema, input.data ?? {})) {
      issues.push({ path: dataPath(issue, input.root), message: issue.message });
    }
  }
  if (issues.length === 0) return;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  throw validationError(
    `Invalid ${issues[0]!.path}: ${issues[0]!.message}${more}; see GET /v1/agents for ${agentType}'s input_schema`,
    issues.slice(0, MAX_INPUT_ISSUES),
  );
}

/** Called inside the accepting transaction with the response about to be returned (the idempotency record). */
export type TRecordAccepted<TResponse> = (tx: TTransaction, response: TResponse) => Promise<void>;

export async function acceptWork<TResponse>(input: {
  principal: TPrincipal;
  webhookUrl?: string;
  /** Writes the records; returns the runs to charge, the jobs to queue and the response to send. */
  create: (tx: TTransaction) => Promise<{ chargedRuns: TChargedRun[]; works: TWork[]; response: TResponse }>;
  recordAccepted?: TRecordAccepted<TResponse>;
  /**
   * Written once the charge went through, in the same transaction (a canary's split of the
   * runs: after the balance lock, in the order a single run's statement takes the two locks).
   */
  afterCharge?: (tx: TTransaction) => Promise<void>;
}): Promise<TResponse> {
  if (input.webhookUrl) await assertDeliverableUrl(input.webhookUrl, { path: "webhook_url" });
  const { response } = await db().$transaction(
    async (tx) => {
      const accepted = await input.create(tx);
      await enqueueWork(tx, accepted.works);
      await input.recordAccepted?.(tx, accepted.response);
      // Charged in this transaction: without the credits, nothing here is committed (402).
      await debitForRuns(tx, input.principal, accepted.chargedRuns);
      await input.afterCharge?.(tx);
      return accepted;
    },
    // A 500-row batch writes ~1,500 rows here: Prisma's 5 s default is too tight on a busy machine.
    { maxWait: ACCEPT_TRANSACTION_MAX_WAIT_MS, timeout: ACCEPT_TRANSACTION_TIMEOUT_MS },
  );
  announceWorkQueued();
  return response;
}

/**
 * Accepting work whose records, job and charge are ONE statement (`write`, e.g. a run and
 * its job behind chargeAndInsert): no transaction round trips, and the balance row is locked
 * only while the database runs that statement. With an idempotency record, the record and
 * the statement share a transaction (the record first, so the balance lock is held briefly).
 */
export async function acceptInOneStatement<TResponse>(input: {
  webhookUrl?: string;
  response: TResponse;
  write: (client: TDatabase | TTransaction) => Promise<void>;
  recordAccepted?: TRecordAccepted<TResponse>;
}): Promise<TResponse> {
  if (input.webhookUrl) await assertDeliverableUrl(input.webhookUrl, { path: "webhook_url" });
  const { recordAccepted } = input;
  if (recordAccepted) {
    await db().$transaction(
      async (tx) => {
        await recordAccepted(tx, input.response);
        await input.write(tx);
      },
      { maxWait: ACCEPT_TRANSACTION_MAX_WAIT_MS, timeout: ACCEPT_TRANSACTION_TIMEOUT_MS },
    );
  } else {
    await input.write(db());
  }
  announceWorkQueued();
  return input.response;
}

/**
 * A review round sent back in test mode calls the model again: a model-backed run's round
 * counts against the day's allowance like a new run (429 test_mode_allowance_exhausted in
 * the caller's transaction, which then changes nothing). Live rounds are not charged again.
 */
export async function countTestModeRound(
  tx: TTransaction,
  principal: TPrincipal,
  run: { agentType: string; task: string; data: unknown },
): Promise<void> {
  if (principal.livemode) return;
  const data = run.data && typeof run.data === "object" && !Array.isArray(run.data) ? (run.data as Record<string, unknown>) : null;
  if (!usesModel({ agentType: run.agentType, task: run.task, data })) return;
  await countTestModeModelRuns(tx, principal.organizationId, 1);
}
