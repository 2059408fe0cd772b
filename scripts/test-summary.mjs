#!/usr/bin/env node
// Prints "N passed, N failed" from Vitest's JSON report. A failed build or type check
// (no report, or a non-zero exit with no failed test) counts as one failure, so the
// line never reads green when the command did not.
import { existsSync, readFileSync } from "node:fs";

const report = existsSync(".test-results/vitest.json") ? JSON.parse(readFileSync(".test-results/vitest.json", "utf8")) : undefined;
const exitCode = existsSync(".test-results/exit-code") ? Number(readFileSync(".test-results/exit-code", "utf8").trim()) : 1;

const passed = report?.numPassedTests ?? 0;
let failed = report?.numFailedTests ?? 0;
if (report) {
  // Files that failed to load (syntax error, failing hook) have no failed tests of their own.
  const brokenFiles = (report.testResults ?? []).filter((file) => file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed")).length;
  failed += brokenFiles;
}
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
