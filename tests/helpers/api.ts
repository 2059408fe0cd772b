// HTTP and admin-CLI helpers for integration tests: everything goes through the real
// server and the real CLI, the way a user would.
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { runAdminCli } from "./processes.ts";
import { SETTLED_RUN_STATUSES, waitForBatch, waitForRunSettled, waitUntil } from "./waiting.ts";

export type TResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

export async function call<T = any>(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<TResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const response = await fetch(`${inject("baseUrl")}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export function cliEnv() {
  return { DATABASE_URL: inject("databaseUrl"), DATA_DIR: inject("dataDir") };
}

export async function admin<T = any>(...args: string[]): Promise<T> {
  const result = await runAdminCli([...args, "--json"], cliEnv());
  if (result.code !== 0) throw new Error(`admin ${args.join(" ")} failed (${result.code}): ${result.stderr}`);
  return result.json as T;
}

export type TTenant = {
  orgId: string;
  memberId: string;
  memberEmail: string;
  /** Live key with every scope. */
  key: string;
  keyId: string;
  /** Test-mode key of the same organization, every scope. */
  testKey: string;
};

export async function createTenant(options: { plan?: string; name?: string } = {}): Promise<TTenant> {
  const org = await admin<{ id: string }>("create-org", "--name", options.name ?? `Org ${randomUUID().slice(0, 8)}`, "--plan", options.plan ?? "growth");
  const memberEmail = `admin-${randomUUID().slice(0, 8)}@example.test`;
  const member = await admin<{ id: string }>(
    "create-member", "--org", org.id, "--email", memberEmail, "--name", "Ada Admin", "--role", "admin", "--password", "correct horse battery",
  );
  const [live, test] = await Promise.all([
    admin<{ id: string; key: string }>("create-key", "--org", org.id, "--member", memberEmail, "--name", "live", "--scopes", "all", "--mode", "live"),
    admin<{ id: string; key: string }>("create-key", "--org", org.id, "--member", memberEmail, "--name", "test", "--scopes", "all", "--mode", "test"),
  ]);
  return { orgId: org.id, memberId: member.id, memberEmail, key: live.key, keyId: live.id, testKey: test.key };
}

export async function createKey(tenant: TTenant, scopes: string, mode: "live" | "test" = "live", extra: string[] = []) {
  return admin<{ id: string; key: string; prefix: string; scopes: string[]; mode: string }>(
    "create-key", "--org", tenant.orgId, "--member", tenant.memberEmail, "--name", `k-${scopes}`, "--scopes", scopes, "--mode", mode, ...extra,
  );
}

/** `data` ap_specialist accepts (docs/api-conventions.md, "Agent input checks"): one invoice, arithmetic only. */
export const AP_DATA = {
  invoice: { number: "INV-1", vendor: "Acme Supplies", currency: "USD", total: 10, lines: [{ sku: "PAPER-A4", description: "A4 paper, box", quantity: 1, unit_price: 10 }] },
};

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Polls a GET until `done` holds for its body (runs and batches settle in the background). */
export async function waitFor<T = any>(path: string, key: string, done: (body: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const response = await waitUntil(() => call<T>("GET", path, { key }), {
    what: `GET ${path}`,
    timeoutMs,
    done: (answer) => answer.status === 200 && done(answer.body),
  });
  return response.body;
}

/** GET with `key`, for the helpers of tests/helpers/waiting.ts. */
export const getWith = (key: string) => (path: string) => call("GET", path, { key });

export { SETTLED_RUN_STATUSES };
export const waitForRunToSettle = (key: string, runId: string) => waitForRunSettled(getWith(key), runId);
export const waitForBatchToFinish = (key: string, batchId: string) => waitForBatch(getWith(key), batchId);

/** Signs a person in through better-auth (the endpoint, hooks and limits the sign-in page's action uses too) and returns the session cookie. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const baseUrl = inject("baseUrl");
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed (${response.status}): ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("aw.session_token="));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie.split(";")[0]!;
}
