// Settings in one place, validated at start-up: a bad variable stops the process with a
// message naming it instead of failing later in a request.
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const ZEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // How long a request waits for a database connection (a new one, or a free pooled one)
  // before it answers 503: bounded, so an unreachable database fails calls instead of hanging
  // them; long enough that a busy pool under a burst is not mistaken for an outage.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  DATA_DIR: z.string().min(1).default(".data"),
  /** Where the SQL migrations are read from (the built server runs from the project root). */
  MIGRATIONS_DIR: z.string().min(1).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL").optional(),
  UPSTASH_REDIS_REST_URL: z.url().optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
  WEBHOOK_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes, base64-encoded")
    .optional(),
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag.default(false),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h)(\s*,\s*\d+(ms|s|m|h))*\s*$/, "must be a comma-separated list of durations like 5s,30s,2m")
    .default("5s,30s,2m,15m,1h,4h"),
  // An endpoint whose deliveries have all failed for this long is disabled (Svix's rule).
  WEBHOOK_DISABLE_AFTER_FAILING_HOURS: z.coerce.number().min(1).default(5 * 24),
  // After a secret rotation, deliveries are signed with the old secret too for this long.
  WEBHOOK_SECRET_ROTATION_OVERLAP_HOURS: z.coerce.number().min(0).default(24),
  AGENT_LATENCY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  // Review messages by email (docs/api-conventions.md, "Review routes"): the operator's SMTP
  // server (smtp://user:pass@host:587, smtps://…) and the From address. Without SMTP_URL an
  // email recipient is refused (400).
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL").optional(),
  SMTP_FROM: z.string().min(3).max(320).default("Agent Workforce <reviews@localhost>"),
  // How long one minute of an escalation step's after_minutes lasts (tests shorten it).
  ESCALATION_MINUTE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  // A signed decision link expires this long after its item opened (or when it is decided).
  REVIEW_LINK_TTL_HOURS: z.coerce.number().min(0.001).max(24 * 90).default(168),
  // The backoff between attempts of one review message (email or chat), as the webhook schedule.
  REVIEW_MESSAGE_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(ms|s|m|h)(\s*,\s*\d+(ms|s|m|h))*\s*$/, "must be a comma-separated list of durations like 5s,30s,2m")
    .default("10s,1m,5m,30m,2h"),
  // How many times a reviewer may send one run back with feedback (an agent version's review.max_rounds overrides).
  REVIEW_MAX_ROUNDS: z.coerce.number().int().min(0).max(100).default(5),
  // A model server speaking OpenAI's Chat Completions (OpenAI, vLLM, Ollama, llama.cpp,
  // LM Studio, OpenRouter): OPENAI_BASE_URL and AGENT_MODEL together or neither (the API
  // key alone is optional: local servers take none). Without them the `assistant` agent is
  // refused and the built-in agents use their rules only.
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  AGENT_MODEL: z.string().trim().min(1).optional(),
  // Further model ids a custom agent may name (`model`), comma-separated; AGENT_MODEL is
  // always allowed. Unset: AGENT_MODEL only, so no customer picks what the operator pays for.
  AGENT_MODELS: z
    .string()
    .regex(/^\s*[^,\s]{1,200}(\s*,\s*[^,\s]{1,200})*\s*$/, "must be a comma-separated list of model ids like gpt-4o-mini,llama3.1:8b")
    .optional(),
  // Model-backed runs (and review rounds) one organization may start per UTC day in test
  // mode, where nothing is charged; beyond it 429 test_mode_allowance_exhausted. 0: none.
  TEST_MODE_MODEL_RUNS_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(100),
  // One model call (one HTTP request) may take this long before it counts as a timeout and is retried.
  AGENT_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  AGENT_MODEL_MAX_TOKENS: z.coerce.number().int().min(16).max(1_000_000).optional(),
  RATE_LIMIT_STRICT_PER_MIN: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_STANDARD_PER_MIN: z.coerce.number().int().min(1).default(600),
  // How long an API key's principal (key + organization plan) is reused without reading the
  // database; revocations and plan changes also clear it at once through the change channel.
  // 0 reads the key on every call.
  PRINCIPAL_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  DAILY_CALL_CAP_GROWTH: z.coerce.number().int().min(1).default(50_000),
  // Longest a call waits for the limiter's Redis/Upstash before it is decided in process
  // (the backend is then treated as down until a probe, every _PROBE_MS, answers again).
  RATE_LIMIT_BACKEND_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(500),
  RATE_LIMIT_BACKEND_PROBE_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  // Server-Sent Events streams one API key may hold open at once (all instances together).
  STREAMS_PER_API_KEY: z.coerce.number().int().min(1).max(10_000).default(20),
  // Live dashboard views (tRPC subscriptions) one member may hold open at once, and how often
  // an open one re-checks its session and membership (it also re-checks before every event).
  STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(1_000).default(10),
  STREAM_ACCESS_RECHECK_MS: z.coerce.number().int().min(100).max(10_000).default(10_000),
  // Abuse bounds: webhooks per organization and mode; batch creations and webhook test sends
  // per minute per caller; procedures per dashboard tRPC batch request (the dashboard's own
  // client sends at most 10, src/dashboard/trpc.tsx).
  WEBHOOKS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(10_000).default(20),
  RATE_LIMIT_BATCHES_PER_MIN: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WEBHOOK_TESTS_PER_MIN: z.coerce.number().int().min(1).default(10),
  TRPC_MAX_BATCH_SIZE: z.coerce.number().int().min(10).max(1_000).default(10),
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  INNGEST_BASE_URL: z.url().optional(),
  INNGEST_DEV: z.string().min(1).optional(),
  EXECUTOR_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(50),
  // Jobs started per second while API calls wait for the CPU (they take it first).
  EXECUTOR_BUSY_STARTS_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(50),
  EXECUTOR_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  EXECUTOR_RETRY_BASE_MS: z.coerce.number().int().min(1).max(600_000).default(1000),
  // How long a claimed job stays this executor's without a renewal; a crashed instance's
  // jobs are taken over once it runs out (renewed every third of it while the job runs).
  EXECUTOR_LEASE_MS: z.coerce.number().int().min(2_000).max(600_000).default(15_000),
  // SIGTERM/SIGINT: how long requests and jobs in flight may take to finish before the
  // jobs still running are handed back and the process exits (under a typical 30 s
  // orchestrator grace period).
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // Dashboard sign-in (better-auth). The secret signs session cookies; without it one is
  // generated into DATA_DIR on first start (set it in production, the same on every instance).
  BETTER_AUTH_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(7 * 24 * 3600),
  // Dashboard sign-in limits (src/domains/auth/sign-in-limits.ts): every attempt from one
  // client address per minute (an office shares one), and failed attempts of one account
  // from one address per window before that pair is locked out until the window moves on.
  SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MIN: z.coerce.number().int().min(1).default(100),
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SIGN_IN_FAILURES_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  // Decisions posted through signed review links from one client address per minute
  // (src/domains/review-links/link-limits.ts): the page needs no sign-in, so it is limited by address.
  REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN: z.coerce.number().int().min(1).default(60),
  // Behind a reverse proxy: take the client's address from the last X-Forwarded-For hop
  // (the one the proxy appended) instead of the socket's (the proxy's own).
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  // Slow clients: the headers must arrive within HTTP_HEADERS_TIMEOUT_MS and the whole
  // request, body included, within HTTP_REQUEST_TIMEOUT_MS of its first byte (408 beyond).
  // Responses (streams included) are not bounded by either.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
}).superRefine((settings, context) => {
  // A model needs a server and a model id; either alone (or a key alone) is a mistake.
  if (!settings.OPENAI_BASE_URL && !settings.AGENT_MODEL && !settings.OPENAI_API_KEY && !settings.AGENT_MODELS) return;
  for (const name of ["OPENAI_BASE_URL", "AGENT_MODEL"] as const) {
    if (!settings[name]) {
      context.addIssue({ code: "custom", path: [name], message: "is required when a model is configured (set OPENAI_BASE_URL and AGENT_MODEL together, or neither)" });
    }
  }
});

export type TEnv = z.infer<typeof ZEnvSchema>;

export class InvalidEnvironmentError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv): TEnv {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = ZEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new InvalidEnvironmentError(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: TEnv | undefined;

export function env(): TEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** True when a real Inngest server (Cloud or self-hosted) runs the functions: any of the SDK's own variables is set. */
export function usesInngestServer(settings: Pick<TEnv, "INNGEST_EVENT_KEY" | "INNGEST_BASE_URL" | "INNGEST_DEV"> = env()): boolean {
  return Boolean(settings.INNGEST_EVENT_KEY || settings.INNGEST_BASE_URL || settings.INNGEST_DEV);
}

export type TModelSettings = {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** The model ids an agent may name: AGENT_MODEL first, then AGENT_MODELS' others. */
  allowedModels: string[];
  timeoutMs: number;
  maxTokens: number | null;
};

/** The model server to call, or null when none is configured (validated all-or-nothing above). */
export function modelSettings(settings: TEnv = env()): TModelSettings | null {
  if (!settings.OPENAI_BASE_URL || !settings.AGENT_MODEL) return null;
  return {
    baseUrl: settings.OPENAI_BASE_URL.replace(/\/+$/, ""),
    apiKey: settings.OPENAI_API_KEY ?? null,
    model: settings.AGENT_MODEL,
    allowedModels: [...new Set([settings.AGENT_MODEL, ...(settings.AGENT_MODELS ?? "").split(",").map((id) => id.trim()).filter(Boolean)])],
    timeoutMs: settings.AGENT_MODEL_TIMEOUT_MS,
    maxTokens: settings.AGENT_MODEL_MAX_TOKENS ?? null,
  };
}
