// The SDK as a user gets it: `npm pack` in sdk/ gives a tarball that installs into an empty
// folder with no registry (it has no dependencies), a script there type-checks under
// `tsc --strict` against the installed declarations and runs against the real server. And
// the committed types are the OpenAPI document's: regenerating them changes nothing. It packs
// the SDK as a fresh clone has it, without dist/, the way the README says (`npm pack` in
// sdk/): the package's `prepack` builds it.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTenant } from "../helpers/api.ts";
import { cleanEnv, PROJECT_ROOT } from "../helpers/processes.ts";

const run = promisify(execFile);
const SDK = path.join(PROJECT_ROOT, "sdk");
const TSC = path.join(PROJECT_ROOT, "node_modules/.bin/tsc");

let scratch: string;
/** A copy of sdk/ as git has it (no dist/), inside the project so its build finds the project's TypeScript. */
let freshSdk: string;

/** Runs a command; an `env` value of undefined removes that variable (Node leaves it out). */
async function exec(command: string, args: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: { ...cleanEnv(), ...env }, maxBuffer: 20 * 1024 * 1024 });
    return { code: 0, stdout, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout ?? "", output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

// Strict, with the package's declarations themselves checked (no skipLibCheck), and only the
// web platform's globals (no Node types): what an edge runtime's project sees.
const strictArgs = (files: string[]) => [
  "--strict", "--noEmitOnError", "--skipLibCheck", "false",
  "--target", "es2022", "--lib", "es2022,dom,dom.iterable,dom.asynciterable",
  "--module", "nodenext", "--moduleResolution", "nodenext",
  "--outDir", "out", ...files,
];

const SCRIPT = `import { AgentWorkforce, NotFoundError, type Run, type RunListItem } from "@agent-workforce/sdk";
declare const process: { env: Record<string, string | undefined> };

const aw = new AgentWorkforce({ apiKey: process.env.AW_API_KEY, baseUrl: process.env.AW_BASE_URL, maxRetries: 2 });
const created = await aw.runs.create({ task: "Quote 5 bolts", agent_type: "rfq_generator", data: { items: [{ description: "bolts", quantity: 5 }] } });
const done = await aw.runs.wait(created.run_id, { timeoutMs: 60_000 });
const run: Run = done.run;
const listed: RunListItem[] = [];
for await (const item of aw.runs.list({ status: "completed", limit: 1 })) listed.push(item);
let missing = "";
try {
  await aw.runs.get("00000000-0000-4000-8000-000000000000");
} catch (error) {
  if (error instanceof NotFoundError) missing = error.type ?? "";
}
console.log(JSON.stringify({ status: run.status, listed: listed.map((item) => item.id), missing }));
`;

// Types that are the document's, not \`any\`: a wrong field type and an unknown status fail.
const MISUSE = `import { AgentWorkforce } from "@agent-workforce/sdk";
const aw = new AgentWorkforce({ apiKey: "k" });
await aw.runs.create({ task: 42, agent_type: "center", data: {} });
await aw.runs.wait("id", { until: ["finished"] });
`;

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "aw-sdk-package-"));
  const testResults = path.join(PROJECT_ROOT, ".test-results");
  mkdirSync(testResults, { recursive: true });
  freshSdk = path.join(mkdtempSync(path.join(testResults, "sdk-fresh-")), "sdk");
  // A copy, not sdk/ itself: other test files import sdk/dist, which a build there would
  // remove and rewrite while they load.
  cpSync(SDK, freshSdk, { recursive: true, filter: (source) => !["dist", "node_modules"].includes(path.relative(SDK, source).split(path.sep)[0]!) });
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  if (freshSdk) rmSync(path.dirname(freshSdk), { recursive: true, force: true });
});

describe("the packed SDK", () => {
  it("installs from its tarball into an empty folder, type-checks under tsc --strict and runs against the server", async () => {
    expect(existsSync(path.join(freshSdk, "dist"))).toBe(false);
    // `npm test` runs under npm, which hands the service's ignore-scripts=true (its .npmrc) to
    // its children as npm_config_ignore_scripts; a person's shell has no such variable, and
    // sdk/.npmrc turns scripts back on inside sdk/.
    const packed = await exec("npm", ["pack", "--json", "--pack-destination", scratch], freshSdk, { npm_config_ignore_scripts: undefined });
    expect(packed.code, packed.output).toBe(0);
    const [manifest] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    const files = manifest!.files.map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "dist/index.js", "dist/index.d.ts", "dist/generated/openapi.d.ts"]));
    expect(files.filter((file) => file.startsWith("src/") || file.startsWith("scripts/"))).toEqual([]);

    const app = mkdtempSync(path.join(scratch, "app-"));
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "sdk-user", private: true, type: "module" }));
    const installed = await exec("npm", ["install", path.join(scratch, manifest!.filename), "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], app);
    expect(installed.code, installed.output).toBe(0);
    expect(readdirSync(path.join(app, "node_modules")).filter((entry) => !entry.startsWith("."))).toEqual(["@agent-workforce"]);
    expect(JSON.parse(readFileSync(path.join(app, "node_modules/@agent-workforce/sdk/package.json"), "utf8"))).not.toHaveProperty("dependencies");

    writeFileSync(path.join(app, "main.ts"), SCRIPT);
    const compiled = await exec(TSC, strictArgs(["main.ts"]), app);
    expect(compiled.output).toBe("");
    expect(compiled.code).toBe(0);

    const tenant = await createTenant();
    const ran = await exec(process.execPath, ["out/main.js"], app, { AW_API_KEY: tenant.testKey, AW_BASE_URL: inject("baseUrl") });
    expect(ran.code, ran.output).toBe(0);
    const result = JSON.parse(ran.stdout.trim()) as { status: string; listed: string[]; missing: string };
    expect(result).toMatchObject({ status: "completed", missing: "not_found" });
    expect(result.listed).toHaveLength(1);

    writeFileSync(path.join(app, "misuse.ts"), MISUSE);
    const refused = await exec(TSC, strictArgs(["misuse.ts"]), app);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("misuse.ts(3,");
    expect(refused.output).toContain("misuse.ts(4,");
  }, 120_000);
});

describe("the SDK's generated types", () => {
  const generator = path.join(SDK, "scripts/generate-types.mjs");

  it("match the document the built server serves (npm run openapi)", async () => {
    const checked = await exec(process.execPath, [generator, "--check"], PROJECT_ROOT);
    expect(checked.output).toBe("");
    expect(checked.code).toBe(0);
  }, 60_000);

  it("match the committed OpenAPI snapshot", async () => {
    const checked = await exec(process.execPath, [generator, "--check", "--from", path.join(PROJECT_ROOT, "tests/integration/__snapshots__/openapi.json")], PROJECT_ROOT);
    expect(checked.output).toBe("");
    expect(checked.code).toBe(0);
  }, 60_000);

  it("and the check fails when the document changes", async () => {
    const snapshot = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "tests/integration/__snapshots__/openapi.json"), "utf8"));
    snapshot.paths["/v1/runs"].get.summary = "A summary the committed types do not have";
    const changed = path.join(scratch, "changed-openapi.json");
    writeFileSync(changed, JSON.stringify(snapshot));
    const checked = await exec(process.execPath, [generator, "--check", "--from", changed], PROJECT_ROOT);
    expect(checked.code).toBe(1);
    expect(checked.output).toContain("run npm run sdk:generate");
  }, 60_000);
});
