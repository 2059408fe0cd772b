// The logger (pino): JSON lines, the handled request's id on every line, secrets redacted.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createLogger, routeConsoleToLogger, type TLogLevel } from "../../src/foundation/logger.ts";
import { currentRequestId, runWithRequestId } from "../../src/foundation/request-context.ts";

function capture(level: TLogLevel = "debug") {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, any>) };
}

describe("logger", () => {
  it("writes one JSON object per line with an ISO time, the level's name and the message", () => {
    const { logger, lines, records } = capture();
    logger.info("database ready", { embedded: false, appliedMigrations: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(records()[0]).toMatchObject({ level: "info", message: "database ready", embedded: false, appliedMigrations: 3 });
    expect(records()[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("drops lines below the configured level", () => {
    const { logger, records } = capture("warn");
    logger.debug("noise");
    logger.info("noise");
    logger.warn("kept");
    logger.error("kept too");
    expect(records().map((record) => record.level)).toEqual(["warn", "error"]);
    const silent = capture("silent");
    silent.logger.error("nothing");
    expect(silent.lines).toEqual([]);
  });

  it("puts the request's id on every line logged while handling it, across awaits, and on no other line", async () => {
    const { logger, records } = capture();
    logger.info("before");
    await Promise.all([
      runWithRequestId("req-a", async () => {
        logger.info("a starts");
        await sleep(15);
        logger.warn("a after an await", { step: 2 });
      }),
      runWithRequestId("req-b", async () => {
        await sleep(5);
        await Promise.resolve().then(() => logger.error("b in a continuation"));
      }),
    ]);
    logger.info("after");
    expect(currentRequestId()).toBeUndefined();
    const byMessage = Object.fromEntries(records().map((record) => [record.message, record.requestId]));
    expect(byMessage).toEqual({
      before: undefined,
      "a starts": "req-a",
      "a after an await": "req-a",
      "b in a continuation": "req-b",
      after: undefined,
    });
  });

  it("replaces credentials and secrets with [redacted] at the top level and nested", () => {
    const { logger, lines, records } = capture();
    const secrets = {
      bearer: "Bearer sk_live_abcdefghijklmnopqrstuvwxyz012345",
      apiKey: "sk_test_zyxwvutsrqponmlkjihgfedcba543210",
      webhookSecret: "whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0IQ==",
      password: "correct horse battery staple",
      keyHash: "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
      cookie: "session=s3cr3t-session",
    };
    logger.error("unhandled error", {
      authorization: secrets.bearer,
      "x-api-key": secrets.apiKey,
      secret: secrets.webhookSecret,
      password: secrets.password,
      headers: { authorization: secrets.bearer, "x-api-key": secrets.apiKey, cookie: secrets.cookie, "content-type": "application/json" },
      req: { headers: { authorization: secrets.bearer } },
      webhook: { id: "wh_1", secret: secrets.webhookSecret, secretEncrypted: "v1:abc:def" },
      key: { id: "key_1", keyHash: secrets.keyHash },
      path: "/v1/runs",
    });
    const [record] = records();
    expect(record).toMatchObject({
      authorization: "[redacted]",
      "x-api-key": "[redacted]",
      secret: "[redacted]",
      password: "[redacted]",
      headers: { authorization: "[redacted]", "x-api-key": "[redacted]", cookie: "[redacted]", "content-type": "application/json" },
      req: { headers: { authorization: "[redacted]" } },
      webhook: { id: "wh_1", secret: "[redacted]", secretEncrypted: "[redacted]" },
      key: { id: "key_1", keyHash: "[redacted]" },
      path: "/v1/runs",
    });
    for (const value of Object.values(secrets)) expect(lines[0]).not.toContain(value);
  });

  it("leaves the caller's object untouched", () => {
    const { logger } = capture();
    const fields = { headers: { authorization: "Bearer x" }, secret: "s" };
    logger.info("call", fields);
    expect(fields).toEqual({ headers: { authorization: "Bearer x" }, secret: "s" });
  });

  it("turns what libraries print with console into records, colours stripped", () => {
    const { logger, lines, records } = capture();
    const saved = { log: console.log, info: console.info, debug: console.debug, trace: console.trace, warn: console.warn, error: console.error };
    try {
      routeConsoleToLogger(logger);
      console.log("\u001b[32m✓\u001b[39m Ready in %dms", 12);
      console.warn("\u001b[33mWARN\u001b[0m [lib]:", { retry: true });
      console.error(new Error("boom"));
      console.log("");
    } finally {
      Object.assign(console, saved);
    }
    expect(lines.join("")).not.toContain("\u001b[");
    expect(records()).toMatchObject([
      { level: "info", message: "✓ Ready in 12ms", source: "console" },
      { level: "warn", message: "WARN [lib]: { retry: true }", source: "console" },
      { level: "error", source: "console" },
    ]);
    expect(records()[2]!.message).toMatch(/^Error: boom\n\s+at /);
  });
});

describe("log line size cap", () => {
  const MAX_LINE = 10_000; // "a few KB": LOG_LINE_LIMITS' text budget plus the keys and JSON around it

  it("caps a huge message, huge strings, wide and deep objects and errors, each line staying valid JSON", () => {
    const { logger, lines, records } = capture();
    const huge = "x".repeat(2_500_000); // what Ajv once wrote as one 2.47 MB line
    logger.error(huge);
    logger.error("unhandled error", { error: huge, path: "/v1/agents" });
    logger.warn("wide", { rows: Array.from({ length: 100_000 }, (_, index) => ({ index, text: "y".repeat(500) })) });
    logger.warn("many keys", Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`key${index}`, "z".repeat(100)])));
    let deep: Record<string, unknown> = { leaf: "bottom" };
    for (let level = 0; level < 1000; level += 1) deep = { deeper: deep };
    logger.info("deep", { deep });
    logger.error("thrown", { cause: Object.assign(new Error("m".repeat(100_000)), { code: "E" }) });
    expect(lines).toHaveLength(6);
    for (const line of lines) expect(line.length).toBeLessThan(MAX_LINE);
    const [message, field, wide, keys, nested, thrown] = records();
    expect(message!.message).toMatch(/^x{2000}…\[2498000 more characters\]$/);
    expect(field).toMatchObject({ message: "unhandled error", path: "/v1/agents", error: expect.stringMatching(/^x{1000}…\[2499000 more characters\]$/) });
    expect(wide!.rows.at(-1)).toBe("[99970 more items]");
    expect(keys!["[more keys]"]).toBe(9970);
    expect(JSON.stringify(nested)).toContain("[truncated]");
    expect(thrown!.cause).toMatchObject({ type: "Error", message: expect.stringContaining("more characters") });
  });

  it("leaves ordinary lines as they are", () => {
    const { logger, records } = capture();
    logger.info("run settled", { runId: "run_1", credits: 10, tags: ["a", "b"], at: new Date("2026-01-01T00:00:00Z") });
    expect(records()[0]).toMatchObject({ message: "run settled", runId: "run_1", credits: 10, tags: ["a", "b"], at: "2026-01-01T00:00:00.000Z" });
  });

  it("caps what libraries print through the console", () => {
    const { logger, lines } = capture();
    const saved = { ...console };
    try {
      routeConsoleToLogger(logger);
      console.error("Error compiling schema", { code: "c".repeat(3_000_000) });
    } finally {
      Object.assign(console, saved);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(MAX_LINE);
  });
});
