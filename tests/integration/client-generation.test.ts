// A user generates a client from the document anywhere, this project's folder included: no
// redocly.yaml there imposes the project's strict lint on their tool. The strict lint itself
// still runs where the project asks for it (scripts/lint-openapi.sh, redocly.lint.yaml).
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api.ts";
import { cleanEnv, PROJECT_ROOT } from "../helpers/processes.ts";

const run = promisify(execFile);
const BIN = path.join(PROJECT_ROOT, "node_modules/.bin");

let scratch: string;

/** Exit code and output of a command run in `cwd`, whether it succeeds or not. */
async function exec(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: { ...cleanEnv(), REDOCLY_TELEMETRY: "off", ...env }, maxBuffer: 20 * 1024 * 1024 });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** The document as a deployment serves it (what scripts/lint-openapi.sh lints). */
async function builtDocument(): Promise<Record<string, any>> {
  const built = await exec(process.execPath, [path.join(PROJECT_ROOT, "dist/openapi.mjs")], PROJECT_ROOT, { PUBLIC_BASE_URL: "https://api.example-deployment.dev" });
  expect(built.code).toBe(0);
  return JSON.parse(built.output);
}

/** Lints `document` with the project's strict config and ignore list, at the path the ignore list names. */
async function strictLint(document: unknown) {
  const folder = mkdtempSync(path.join(scratch, "lint-"));
  mkdirSync(path.join(folder, ".test-results"));
  writeFileSync(path.join(folder, ".test-results/openapi.json"), JSON.stringify(document));
  copyFileSync(path.join(PROJECT_ROOT, "redocly.lint.yaml"), path.join(folder, "redocly.lint.yaml"));
  copyFileSync(path.join(PROJECT_ROOT, ".redocly.lint-ignore.yaml"), path.join(folder, ".redocly.lint-ignore.yaml"));
  return exec(path.join(BIN, "redocly"), ["lint", ".test-results/openapi.json", "--config", "redocly.lint.yaml"], folder);
}

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "aw-client-generation-"));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("generating a client from the OpenAPI document", () => {
  it("openapi-typescript run inside the project folder succeeds on the served document and emits the types", async () => {
    const served = await call("GET", "/v1/openapi.json");
    expect(served.status).toBe(200);
    const input = path.join(scratch, "openapi.json");
    const output = path.join(scratch, "api-types.ts");
    writeFileSync(input, served.text);

    const generated = await exec(path.join(BIN, "openapi-typescript"), [input, "-o", output], PROJECT_ROOT);
    expect(generated.output).not.toMatch(/✘|Error/);
    expect(generated.code).toBe(0);
    const types = readFileSync(output, "utf8");
    expect(types).toContain("export interface paths");
    expect(types).toContain('"/v1/triage/{id}/approve"');
    expect(types).toContain('"/v1/runs/{id}/stream"');
  }, 60_000);
});

describe("the project's strict OpenAPI lint (redocly.lint.yaml)", () => {
  it("passes the built document with only the listed, spec-forced ambiguities ignored", async () => {
    const linted = await strictLint(await builtDocument());
    expect(linted.output).toContain("3 problems are explicitly ignored");
    expect(linted.code).toBe(0);
  }, 60_000);

  it("still fails on an ambiguous path the ignore list does not name", async () => {
    const document = await builtDocument();
    // `/v1/runs/{id}/stream` and this one both match /v1/runs/x/stream.
    document.paths["/v1/runs/x/{stream}"] = {
      get: { ...document.paths["/v1/runs/{id}/stream"].get, operationId: "runs-ambiguous", parameters: [{ in: "path", name: "stream", required: true, schema: { type: "string" } }] },
    };
    const linted = await strictLint(document);
    expect(linted.code).not.toBe(0);
    expect(linted.output).toContain("no-ambiguous-paths");
    expect(linted.output).toContain("/v1/runs/x/{stream}");
  }, 60_000);
});
