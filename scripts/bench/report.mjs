// Rows as the bench prints them (target, figures, each check against its target with ✓/✗)
// and bench/results/latest.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const RESULTS_DIR = path.resolve("bench/results");

export function check(label, actual, goal, pass) {
  return { label, actual, goal, pass: Boolean(pass) };
}

/** One printed row; `summary` defaults to the request rate. */
export function row(target, name, label, figures, checks, summary) {
  const result = { target: target.name, row: name, label, figures, checks, pass: checks.every((item) => item.pass) };
  result.summary = summary ?? `${figures.reqPerSec} req/s`;
  printRow(result);
  return result;
}

export function failedRow(target, name, label, error) {
  const result = { target: target.name, row: name, label, figures: {}, checks: [check("ran", String(error.message ?? error).split("\n")[0], "no error", false)], pass: false, summary: "error" };
  printRow(result);
  return result;
}

function printRow(result) {
  const mark = result.pass ? "✓" : "✗";
  const checks = result.checks.map((item) => `${item.label} ${item.actual} (${item.goal}) ${item.pass ? "✓" : "✗"}`).join("; ");
  console.log(`${mark} [${result.target}] ${result.label.padEnd(40)} ${result.summary}  —  ${checks}`);
}

export function printSummary(rows) {
  const failed = rows.filter((item) => !item.pass);
  console.log(`\n${rows.length - failed.length}/${rows.length} rows pass`);
  for (const item of failed) console.log(`  ✗ [${item.target}] ${item.label}: ${item.checks.filter((c) => !c.pass).map((c) => `${c.label} ${c.actual}, want ${c.goal}`).join("; ")}`);
}

function gitCommit() {
  try {
    const commit = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

export function machineInfo() {
  return {
    hostname: os.hostname(),
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryMb: Math.round(os.totalmem() / 1024 / 1024),
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
    node: process.version,
  };
}

export function writeResults({ startedAt, rows, profiles, options }) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, "latest.json");
  const targets = {};
  for (const item of rows) {
    targets[item.target] ??= { rows: [], pass: true };
    targets[item.target].rows.push({ row: item.row, label: item.label, pass: item.pass, checks: item.checks, figures: item.figures });
    targets[item.target].pass &&= item.pass;
  }
  const document = {
    startedAt,
    finishedAt: new Date().toISOString(),
    ...gitCommit(),
    machine: { ...machineInfo(), loadAverageAtEnd: os.loadavg().map((value) => Number(value.toFixed(2))) },
    options,
    pass: rows.every((item) => item.pass),
    targets,
    profiles,
  };
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}
