// The built server's logs: JSON lines on stderr; a line logged while a /v1 request is
// handled carries that request's X-Request-Id; credentials never reach a line; libraries'
// log lines (better-auth's) are records of the same logger. A server of its own with
// LOG_LEVEL=debug, which logs each /v1 request with its (redacted) headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";
import { until, waitUntil } from "../helpers/waiting.ts";

let service: TOwnService;
let key: string;
let orgId: string;

beforeAll(async () => {
  service = await createOwnService("logging");
  ({ key, orgId } = await service.createOrgKey("Logging"));
  await service.start({ LOG_LEVEL: "debug" });
});

afterAll(async () => {
  await service?.dispose();
});

/** JSON lines the server wrote so far (stdout's plain ready line is skipped). */
function logRecords(): Array<Record<string, any>> {
  return service
    .server()
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, any>);
}

async function linesOf(requestId: string, message: string): Promise<Array<Record<string, any>>> {
  return waitUntil(() => logRecords().filter((record) => record.requestId === requestId && record.message === message), {
    what: `a "${message}" line with requestId ${requestId}`,
    done: (found) => found.length > 0,
    timeoutMs: 5_000,
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}; the server's output:\n${service.server().output()}`);
  });
}

describe("request logs", () => {
  it("tags a line logged during a request with that request's X-Request-Id and redacts its credentials", async () => {
    const response = await fetch(`${service.server().baseUrl}/v1/runs?limit=1`, {
      headers: { authorization: `Bearer ${key}`, "x-api-key": key, cookie: "session=do-not-log-me" },
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toBeTruthy();

    const [line] = await linesOf(requestId, "request");
    expect(line).toMatchObject({
      level: "debug",
      requestId,
      method: "GET",
      path: "/v1/runs?limit=1",
      status: 200,
      headers: { authorization: "[redacted]", "x-api-key": "[redacted]", cookie: "[redacted]" },
    });
    const output = service.server().output();
    expect(output).not.toContain(key);
    expect(output).not.toContain("do-not-log-me");
  });

  it("keeps concurrent requests' lines apart", async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => fetch(`${service.server().baseUrl}/v1/runs?limit=${index + 1}`, { headers: { authorization: `Bearer ${key}` } })),
    );
    for (const [index, response] of responses.entries()) {
      const [line] = await linesOf(response.headers.get("x-request-id")!, "request");
      expect(line!.path).toBe(`/v1/runs?limit=${index + 1}`);
    }
  });

  it("logs outside requests without a request id", () => {
    const ready = logRecords().find((record) => record.message === "database ready");
    expect(ready).toMatchObject({ level: "info" });
    expect(ready).not.toHaveProperty("requestId");
  });
});

describe("library logs", () => {
  it("writes better-auth's failed sign-in warning as a JSON record; every line is JSON, none coloured", async () => {
    const email = "logs@logging.test";
    await service.cli("create-member", "--org", orgId, "--email", email, "--name", "Logs", "--role", "viewer", "--password", "the right password");
    const baseUrl = service.server().baseUrl;
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email, password: "a wrong password" }),
    });
    expect(response.status).toBe(401);

    const warning = await until("better-auth's warning as a record", () =>
      logRecords().find((record) => record.source === "better-auth" && record.message === "Invalid password"),
    );
    expect(warning).toMatchObject({ level: "warn", message: "Invalid password", source: "better-auth" });
    const output = service.server().output();
    expect(output).not.toContain("\u001b[");
    expect(output).not.toContain("[Better Auth]");
    // The one plain line is the ready line on stdout (people and harnesses read it); every other line is a record.
    const lines = output.split("\n").filter((line) => line !== "" && !/^Agent Workforce ready on /.test(line));
    expect(lines.filter((line) => !isJson(line))).toEqual([]);
  });
});

function isJson(line: string): boolean {
  try {
    return typeof JSON.parse(line) === "object";
  } catch {
    return false;
  }
}
