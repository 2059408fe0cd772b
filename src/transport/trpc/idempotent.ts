// The HTTP face of idempotent creation: the Idempotency-Key request header, the
// Idempotent-Replayed response header, and the stored status of a replayed response.
import { z } from "zod";
import { validationError } from "../../foundation/errors.ts";
import { unstorableStringReason } from "../../foundation/json-input.ts";
import type { TPrincipal } from "../../domains/auth/authenticate.ts";
import { tenantScope } from "../../domains/auth/tenant.ts";
import { MAX_IDEMPOTENCY_KEY_LENGTH, withIdempotency, type TRecordResponse } from "../../domains/idempotency/idempotency.ts";
import type { TContext } from "./context.ts";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/** OpenAPI request headers of an idempotent endpoint. */
export const ZIdempotencyRequestHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH)
    .optional()
    .meta({
      param: {
        description:
          "Makes the request safe to retry: the same key with the same body within 24 h answers the original " +
          "response without creating anything again; with a different body, 409 conflict. Scoped to the " +
          "organization, mode and endpoint.",
      },
    }),
});

/** OpenAPI response headers of an idempotent endpoint. */
export const ZIdempotencyResponseHeaders = z.object({
  [IDEMPOTENT_REPLAYED_HEADER]: z
    .literal("true")
    .optional()
    .meta({ header: { description: "Present when this is the stored response of an earlier request with the same Idempotency-Key" } }),
});

type TIdempotentCall = {
  ctx: Pick<TContext, "header" | "setHeader" | "setStatus"> & { principal: TPrincipal };
  endpoint: string;
  input: unknown;
  successStatus: number;
};

/** Runs `perform` once per Idempotency-Key (or simply runs it when the header is absent). */
export async function idempotent<T>(call: TIdempotentCall, perform: (record?: TRecordResponse<T>) => Promise<T>): Promise<T> {
  const key = readIdempotencyKey(call.ctx.header);
  if (key === undefined) return perform();
  const result = await withIdempotency(
    { tenant: tenantScope(call.ctx.principal), endpoint: call.endpoint, key, input: call.input, successStatus: call.successStatus },
    perform,
  );
  if (result.replayed) {
    call.ctx.setHeader(IDEMPOTENT_REPLAYED_HEADER, "true");
    call.ctx.setStatus(result.status);
  }
  return result.response;
}

function readIdempotencyKey(header: TContext["header"]): string | undefined {
  const key = header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    const message = `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
    throw validationError(`Invalid ${IDEMPOTENCY_KEY_HEADER}: ${message}`, [{ path: IDEMPOTENCY_KEY_HEADER, message }]);
  }
  // The key is stored as text: nothing PostgreSQL cannot hold (Node's HTTP parser already
  // refuses most control characters; other transports may not).
  const reason = unstorableStringReason(key);
  if (reason) throw validationError(`Invalid ${IDEMPOTENCY_KEY_HEADER}: ${reason}`, [{ path: IDEMPOTENCY_KEY_HEADER, message: reason }]);
  return key;
}
