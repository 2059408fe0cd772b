// Builds dist/ with the project's TypeScript (tsc from the root's node_modules): a clean
// folder each time, so nothing stale is packed.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SDK_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let tsc;
try {
  tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
} catch {
  // `npm pack ./sdk` runs this (prepack) in a clone whose dependencies are not installed yet.
  console.error("Building the SDK needs the project's TypeScript: run `npm ci` in the service's folder first.");
  process.exit(1);
}
rmSync(path.join(SDK_ROOT, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", path.join(SDK_ROOT, "tsconfig.json")], { stdio: "inherit" });
