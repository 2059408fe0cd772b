// Idempotent creation (docs/api-conventions.md, "Idempotency": Stripe's rules). A key
// is scoped to the organization, the mode and the endpoint, and is remembered for 24 h
// with a SHA-256 hash of the parsed request and the response sent: the same key and body
// replay that response without doing the work again; a different body is 409. Only
// successes are stored: the record is written in the same transaction that creates the
// resource, so both commit or neither, and the unique index (organization, mode,
// endpoint, key) decides between concurrent requests: the loser's transaction rolls back
// and it answers the winner's response.
import { createHash } from "node:crypto";
import { configure } from "safe-stable-stringify";
import { db } from "../../foundation/db/client.ts";
import { conflict } from "../../foundation/errors.ts";
import type { IdempotencyRecord, Prisma } from "../../generated/prisma/client.ts";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Called by the creating service inside its transaction, with the response it is about to
 * return, so the idempotency record commits (or rolls back) with the resource.
 */
export type TRecordResponse<T> = (tx: Prisma.TransactionClient, response: T) => Promise<void>;

export type TIdempotentRequest = {
  tenant: { organizationId: string; livemode: boolean };
  /** e.g. "POST /v1/run"; a key used on one endpoint is independent of the same key on another. */
  endpoint: string;
  key: string;
  /** The parsed (validated, defaulted) input; its canonical JSON is what "the same body" means. */
  input: unknown;
  /** Status of the response being stored (fixed per endpoint). */
  successStatus: number;
};

export type TIdempotentResult<T> = { response: T; status: number; replayed: boolean };

/** A committed record already holds this key: the caller's transaction was rolled back. */
class KeyAlreadyRecorded extends Error {}

const MAX_ATTEMPTS = 3;

/**
 * Runs `perform` at most once per key: replays a stored response, answers 409 for a
 * different body, or runs `perform`, which must call `record` inside the transaction that
 * creates the resource.
 */
export async function withIdempotency<T>(
  request: TIdempotentRequest,
  perform: (record: TRecordResponse<T>) => Promise<T>,
): Promise<TIdempotentResult<T>> {
  const scope = { ...request.tenant, endpoint: request.endpoint, key: request.key };
  const requestHash = hashRequest(request.input);
  const record: TRecordResponse<T> = async (tx, response) => {
    const now = new Date();
    // One statement: an expired record is replaced (the unique index would otherwise keep
    // it); a live one, committed by a concurrent request, leaves nothing inserted.
    const inserted = await tx.$executeRaw`
      INSERT INTO idempotency_records (id, organization_id, livemode, endpoint, key, request_hash, response_status, response_body, created_at, expires_at)
      VALUES (gen_random_uuid(), ${scope.organizationId}::uuid, ${scope.livemode}, ${scope.endpoint}, ${scope.key}, ${requestHash},
              ${request.successStatus}::int, ${JSON.stringify(response)}::jsonb, ${now}::timestamptz, ${new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS)}::timestamptz)
      ON CONFLICT (organization_id, livemode, endpoint, key) DO UPDATE
        SET id = EXCLUDED.id, request_hash = EXCLUDED.request_hash, response_status = EXCLUDED.response_status,
            response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
        WHERE idempotency_records.expires_at <= EXCLUDED.created_at`;
    if (inserted === 0) throw new KeyAlreadyRecorded();
  };

  for (let attempt = 1; ; attempt++) {
    const stored = await db().idempotencyRecord.findFirst({ where: { ...scope, expiresAt: { gt: new Date() } } });
    if (stored) return replay<T>(stored, requestHash);
    try {
      return { response: await perform(record), status: request.successStatus, replayed: false };
    } catch (error) {
      // A concurrent request with this key committed first: read and answer its response.
      if (!(error instanceof KeyAlreadyRecorded)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict("A request with this Idempotency-Key is in progress; retry it");
    }
  }
}

function replay<T>(stored: IdempotencyRecord, requestHash: string): TIdempotentResult<T> {
  if (stored.requestHash !== requestHash) {
    throw conflict("This Idempotency-Key was already used with a different request body; use a new key for a new request");
  }
  return { response: stored.responseBody as T, status: stored.responseStatus, replayed: true };
}

/**
 * JSON with object keys sorted at every depth; members whose value is undefined are left
 * out (as JSON.stringify does), so `{a, b}` and `{b, a}` are one body. The output is the
 * same as the hand-written canonical form it replaced, so stored hashes stay valid.
 */
const canonicalJson = configure({ deterministic: true });

/** SHA-256 of the canonical JSON of the parsed input: object key order does not matter. */
export function hashRequest(input: unknown): string {
  return createHash("sha256").update(canonicalJson(input) ?? "null").digest("hex");
}
