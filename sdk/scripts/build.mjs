// Builds dist/ with the project's TypeScript (tsc from the root's node_modules): a clean
// folder each time, so nothing stale is packed.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SDK_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync(path.join(SDK_ROOT, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", path.join(SDK_ROOT, "tsconfig.json")], { stdio: "inherit" });
