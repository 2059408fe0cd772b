#!/usr/bin/env node
// `npm run readme:check` (and a step of `npm test`): every ```bash / ```sh block of README.md
// runs top to bottom, as written, in ONE bash session (so KEY, RUN, ITEM… carry from block to
// block), against the built server (dist/) on a fresh database — what a newcomer gets from
// a fresh clone. docs/development.md, "The README check", describes the rules:
//   - `<!-- readme-check: skip (why) -->` on the line(s) right before a block skips it, visibly;
//   - a line `[NAME=value …] npm start` restarts the check's own server with those settings;
//   - every other line runs under `set -Eeuo pipefail`, and every `curl` fails on an HTTP
//     error (--fail-with-body), so a 4xx in the README fails the check;
//   - the few values the check must provide instead of the README's are in substitutionsFor.
// Writes .test-results/readme.json (one entry per block) for scripts/test-summary.mjs.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startModelStandIn } from "./readme-model-stand-in.mjs";

/** `--verbose`: print every block's output, not only a failing one's. */
const VERBOSE = process.argv.includes("--verbose");
/** `--embedded`: the embedded database, exactly as in the README (slower to start on a busy machine). */
const EMBEDDED = process.argv.includes("--embedded");
const ROOT = path.resolve(import.meta.dirname, "..");
const BLOCK_TIMEOUT_MS = 90_000;
const SERVER_START_TIMEOUT_MS = 60_000;
const SKIP_MARKER = /^<!--\s*readme-check:\s*skip\b\s*(.*?)\s*-->$/;
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const START_LINE = /^((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)npm start\s*$/;

/**
 * The only places the check differs from a newcomer's terminal, in one list: the README's
 * fixed ports become free ones (other programs on this machine may hold 3000 and 8443), and
 * the model server it names becomes a local stand-in (scripts/readme-model-stand-in.mjs).
 * The mail catcher's SMTP port (1025) is a free one too.
 * Besides these, the server and the session get DATABASE_URL (a fresh database on the
 * machine's PostgreSQL, dropped afterwards): the embedded one starts too slowly here.
 */
function substitutionsFor({ serverPort, receiverPort, mailPort, modelUrl }) {
  return [
    { shown: "localhost:3000", from: /localhost:3000\b/g, to: `localhost:${serverPort}`, why: "the server listens on a free port" },
    { shown: "8443", from: /\b8443\b/g, to: String(receiverPort), why: "the webhook receiver listens on a free port" },
    { shown: "1025", from: /\b1025\b/g, to: String(mailPort), why: "the mail catcher listens on a free port" },
    { shown: "http://127.0.0.1:11434/v1", from: /http:\/\/127\.0\.0\.1:11434\/v1/g, to: modelUrl, why: "the model (Ollama in the README) is a local stand-in" },
  ];
}

/** The README's shell blocks in order: heading, line, code, and the skip reason if marked. */
function readmeBlocks(markdown) {
  const lines = markdown.split("\n");
  const blocks = [];
  let heading = "(top)";
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (title) heading = title[1];
    const fence = /^```(\w*)\s*$/.exec(line);
    if (!fence) continue;
    const end = lines.findIndex((candidate, at) => at > index && /^```\s*$/.test(candidate));
    if (end === -1) throw new Error(`README.md:${index + 1}: code block never closed`);
    if (fence[1] === "bash" || fence[1] === "sh") {
      let above = index - 1;
      while (above >= 0 && lines[above].trim() === "") above -= 1;
      const marker = above >= 0 ? SKIP_MARKER.exec(lines[above].trim()) : null;
      blocks.push({ heading, line: index + 1, code: lines.slice(index + 1, end).join("\n"), skip: marker ? marker[1].replace(/^\((.*)\)$/, "$1") || "no reason given" : undefined });
    }
    index = end;
  }
  return blocks;
}

/** A block cut at its `npm start` lines: shell segments (with their first line's index) and server restarts, in order. */
function segments(code) {
  const parts = [];
  let shell = [];
  let first = 0;
  const flush = () => {
    if (shell.some((each) => each.trim() && !each.trim().startsWith("#"))) parts.push({ shell: shell.join("\n"), first });
  };
  code.split("\n").forEach((line, index) => {
    const start = START_LINE.exec(line.trim());
    if (!start) {
      shell.push(line);
      return;
    }
    flush();
    shell = [];
    first = index + 1;
    const settings = Object.fromEntries(start[1].trim().split(/\s+/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
    parts.push({ restart: settings, command: line.trim() });
  });
  flush();
  return parts;
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The environment of a newcomer's terminal: none of this machine's service settings. */
function cleanEnv() {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_|REDIS_|UPSTASH_|INNGEST_|OPENAI_|AGENT_MODEL|WEBHOOK_|VITEST|npm_)/.test(name)) delete env[name];
  }
  for (const name of ["PORT", "HOST", "DATA_DIR", "NODE_OPTIONS", "NODE_ENV", "NODE_EXTRA_CA_CERTS", "TEST", "LOG_LEVEL"]) delete env[name];
  return env;
}

/** A fresh database on the machine's PostgreSQL: its URL and drop(). */
async function createDatabase() {
  const name = `aw_readme_${Date.now()}_${process.pid}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Every server process started and not yet exited: cleanup kills one an interrupt caught mid-start. */
const serverProcesses = new Set();

/** dist/server.mjs (what `npm start` runs) on `port`, DATA_DIR in the session folder. */
async function startServer({ sessionDir, port, databaseUrl }, settings) {
  const child = spawn(process.execPath, ["--enable-source-maps", path.join(ROOT, "dist/server.mjs")], {
    cwd: ROOT,
    env: { ...cleanEnv(), LOG_LEVEL: "warn", ...settings, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: path.join(sessionDir, ".data"), DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  serverProcesses.add(child);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  void exited.then(() => serverProcesses.delete(child));
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited during start-up:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not become healthy in ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * One bash process for the whole README. Each segment is sourced from a file between two
 * marker lines; a failing command (set -e) or an unset variable (set -u) ends the shell,
 * after the ERR trap has named the command. Its own process group, so cleanup also ends
 * whatever a block started in the background.
 */
function startSession(sessionDir, databaseUrl) {
  const shell = spawn("bash", ["--noprofile", "--norc"], { cwd: sessionDir, env: { ...cleanEnv(), DATABASE_URL: databaseUrl }, stdio: ["pipe", "pipe", "pipe"], detached: true });
  let output = "";
  let listener = () => {};
  const collect = (chunk) => {
    output += chunk;
    listener();
  };
  shell.stdout.on("data", collect);
  shell.stderr.on("data", collect);
  let exitCode = null;
  const killGroup = () => {
    try {
      process.kill(-shell.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  // A shell that stopped ends the session: what it started in the background goes too, so its
  // output pipes close and "close" comes after the last of the failing block's output.
  shell.once("exit", killGroup);
  shell.once("close", (code, signal) => {
    exitCode = code ?? signal;
    listener();
  });
  shell.stdin.write(
    [
      "exec 2>&1",
      // -E: the trap also names a command that fails inside a function (the README's wait_run).
      "set -Eeuo pipefail",
      // Names the failing line of the running segment (the outermost README frame: a README
      // function such as wait_run fails at the line that called it) and the command itself.
      "__readme_check_failed() {",
      '  local rc=$1 file="" line="" i',
      "  for ((i = 0; i + 1 < ${#BASH_SOURCE[@]}; i++)); do",
      '    if [[ ${BASH_SOURCE[i+1]} == *.readme-line-*.sh ]]; then file=${BASH_SOURCE[i+1]}; line=${BASH_LINENO[i]}; fi',
      "  done",
      '  echo "readme-check: failed (exit $rc) at $file:$line: $BASH_COMMAND"',
      "}",
      "trap '__readme_check_failed $?' ERR",
      // An HTTP error answer fails the command, its body still printed.
      'curl() { command curl --fail-with-body "$@"; }',
      "",
    ].join("\n"),
  );
  let counter = 0;
  return {
    /** Runs `code`, README.md's lines from `readmeLine` on (the file's name says which, for the ERR trap). */
    run: (code, readmeLine, timeoutMs) => {
      counter += 1;
      const file = path.join(sessionDir, `.readme-line-${readmeLine}.sh`);
      writeFileSync(file, `${code}\n`);
      const from = output.length;
      const done = `readme-check: segment ${counter} done`;
      shell.stdin.write(`echo "readme-check: segment ${counter} start"; source ${JSON.stringify(file)}\necho "${done}"\n`);
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish({ ok: false, why: `timed out after ${timeoutMs / 1000} s` }), timeoutMs);
        const finish = (result) => {
          clearTimeout(timer);
          listener = () => {};
          const text = output.slice(from).replace(/^readme-check: segment \d+ start\n/m, "").replace(`${done}\n`, "");
          resolve({ ...result, output: text });
        };
        listener = () => {
          if (output.includes(done, from)) finish({ ok: true });
          else if (exitCode !== null) finish({ ok: false, why: `the shell stopped (exit ${exitCode})` });
        };
        listener();
      });
    },
    kill: killGroup,
  };
}

/** A folder like a fresh clone's, for the session's cwd: its own .data, the project's code linked in. */
function sessionFolder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "aw-readme-check-"));
  for (const entry of ["package.json", "node_modules", "dist", "scripts", "prisma", "sdk", "docs"]) {
    if (existsSync(path.join(ROOT, entry))) symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
  }
  return dir;
}

/** The failure's README line as "README.md:<line>: <that line>", and what failed (undefined when the shell named no line). */
function failingCommand(output, readmeLines) {
  // bash's own message for what stops the shell without the trap (an unset variable under set -u)
  const fatal = /(\S*\.readme-line-\d+\.sh): line (\d+): (.*)/.exec(output);
  const trapped = /readme-check: failed \(exit \d+\) at (\S*?):(\d*): (.*)/.exec(output) ?? fatal;
  if (!trapped) return undefined;
  const segmentStart = /\.readme-line-(\d+)\.sh$/.exec(trapped[1]);
  if (!segmentStart || !trapped[2]) return trapped[3];
  const line = Number(segmentStart[1]) + Number(trapped[2]) - 1;
  return `README.md:${line}: ${readmeLines[line - 1].trim()}\n(what failed: ${trapped[3]})`;
}

const indent = (text) => text.trimEnd().split("\n").map((line) => `    ${line}`).join("\n");

async function main() {
  if (!existsSync(path.join(ROOT, "dist/server.mjs")) || !existsSync(path.join(ROOT, "dist/admin.mjs"))) {
    throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
  }
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const readmeLines = readme.split("\n");
  const blocks = readmeBlocks(readme);
  const started = Date.now();
  // First, so that a PostgreSQL that is down leaves nothing behind.
  const database = EMBEDDED ? { url: undefined, drop: async () => {} } : await createDatabase().catch((error) => {
    throw new Error(`cannot create the check's database on ${POSTGRES_ADMIN_URL} (TEST_POSTGRES_URL overrides it): ${error.message}`);
  });
  const sessionDir = sessionFolder();
  const modelStandIn = await startModelStandIn();
  const serverPort = await freePort();
  const substitutions = substitutionsFor({ serverPort, receiverPort: await freePort(), mailPort: await freePort(), modelUrl: modelStandIn.baseUrl });
  const substitute = (text) => substitutions.reduce((result, { from, to }) => result.replace(from, to), text);
  const results = [];
  let server;
  let session;
  let cleaned;
  const cleanup = () =>
    (cleaned ??= (async () => {
      session?.kill();
      await server?.stop();
      for (const child of serverProcesses) child.kill("SIGKILL");
      await modelStandIn.close();
      await database.drop();
      rmSync(sessionDir, { recursive: true, force: true });
    })());
  let interrupted = false;
  const onSignal = (signal) => {
    interrupted = true;
    console.log(`README check: ${signal}, stopping the server and whatever the blocks started`);
    void cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    const where = database.url ? `DATABASE_URL=${database.url} (fresh)` : "the embedded database in a fresh DATA_DIR";
    console.log(`README check: ${blocks.length} shell blocks; server on localhost:${serverPort}, ${where}`);
    for (const { shown, to, why } of substitutions) console.log(`  ${shown} → ${to} (${why})`);
    const place = { sessionDir, port: serverPort, databaseUrl: database.url };
    server = await startServer(place, {});
    session = startSession(sessionDir, database.url);
    let failed = false;
    for (const block of blocks) {
      const name = `${block.heading} (README.md:${block.line})`;
      if (block.skip || failed) {
        const why = block.skip ?? "not run: an earlier block failed";
        results.push({ name, status: "skipped", why });
        console.log(`  - ${name}: skipped (${why})`);
        continue;
      }
      const blockStarted = Date.now();
      let problem;
      let output = "";
      for (const part of segments(block.code)) {
        if (part.restart) {
          const settings = Object.fromEntries(Object.entries(part.restart).map(([name, value]) => [name, substitute(value)]));
          for (const [name, value] of Object.entries(settings)) if (name === "NODE_EXTRA_CA_CERTS") settings[name] = path.resolve(sessionDir, value);
          output += `$ ${part.command}\n  (the check restarts its server with ${JSON.stringify(settings)})\n`;
          await server.stop();
          server = undefined;
          try {
            server = await startServer(place, settings);
          } catch (error) {
            problem = { command: part.command, why: error.message };
            break;
          }
          continue;
        }
        const result = await session.run(substitute(part.shell), block.line + 1 + part.first, BLOCK_TIMEOUT_MS);
        if (interrupted) await new Promise(() => {}); // the signal handler exits once it has cleaned up
        output += result.output;
        if (!result.ok) {
          problem = { command: failingCommand(result.output, readmeLines) ?? substitute(part.shell), why: result.why };
          break;
        }
      }
      const seconds = ((Date.now() - blockStarted) / 1000).toFixed(1);
      if (!problem) {
        results.push({ name, status: "passed", seconds: Number(seconds) });
        console.log(`  ✓ ${name} ${seconds} s`);
        if (VERBOSE) console.log(indent(output || "(no output)"));
        continue;
      }
      failed = true;
      results.push({ name, status: "failed", command: problem.command, why: problem.why, output });
      console.log(`  ✗ ${name}: ${problem.why}`);
      console.log(`    command:\n${indent(problem.command)}`);
      console.log(`    output:\n${indent(output || "(none)")}`);
      if (server) console.log(`    server log (last lines):\n${indent(server.output().split("\n").slice(-15).join("\n") || "(none)")}`);
    }
  } catch (error) {
    results.push({ name: "README check set-up", status: "failed", why: error.message });
    console.log(`  ✗ README check set-up: ${error.message}`);
  } finally {
    await cleanup();
  }
  const count = (status) => results.filter((result) => result.status === status).length;
  mkdirSync(path.join(ROOT, ".test-results"), { recursive: true });
  writeFileSync(path.join(ROOT, ".test-results/readme.json"), `${JSON.stringify({ passed: count("passed"), failed: count("failed"), skipped: count("skipped"), blocks: results }, null, 2)}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`README check: ${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped in ${seconds} s`);
  return count("failed") === 0 ? 0 : 1;
}

process.exitCode = await main();
