#!/usr/bin/env node
// Prints "N passed, N failed" from Vitest's and Playwright's JSON reports and the README
// check's (.test-results/readme.json: one entry per README shell block). A failed build or type check
// (no report, or a non-zero exit with no failed test) counts as one failure, so the
// line never reads green when the command did not.
import { existsSync, readFileSync } from "node:fs";

const report = existsSync(".test-results/vitest.json") ? JSON.parse(readFileSync(".test-results/vitest.json", "utf8")) : undefined;
const exitCode = existsSync(".test-results/exit-code") ? Number(readFileSync(".test-results/exit-code", "utf8").trim()) : 1;

let passed = report?.numPassedTests ?? 0;
let failed = report?.numFailedTests ?? 0;
if (report) {
  // Files that failed to load (syntax error, failing hook) have no failed tests of their own.
  const brokenFiles = (report.testResults ?? []).filter((file) => file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed")).length;
  failed += brokenFiles;
}
const browser = existsSync(".test-results/playwright.json") ? JSON.parse(readFileSync(".test-results/playwright.json", "utf8")) : undefined;
if (browser?.stats) {
  passed += (browser.stats.expected ?? 0) + (browser.stats.flaky ?? 0);
  failed += browser.stats.unexpected ?? 0;
  // A suite that could not start (global setup failed) reports errors and no tests.
  if ((browser.errors ?? []).length > 0 && (browser.stats.unexpected ?? 0) === 0) failed += 1;
}
const readme = existsSync(".test-results/readme.json") ? JSON.parse(readFileSync(".test-results/readme.json", "utf8")) : undefined;
if (readme) {
  passed += readme.passed ?? 0;
  failed += readme.failed ?? 0;
}
if (exitCode !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
