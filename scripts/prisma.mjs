#!/usr/bin/env node
// Runs the Prisma CLI without engine downloads (these machines cannot reach Prisma's
// binary host): both engine variables point at an empty placeholder file, and
// prisma.config.ts supplies the JavaScript schema engine.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

const placeholder = path.resolve("node_modules/.cache/prisma-no-engine");
if (!existsSync(placeholder)) {
  mkdirSync(path.dirname(placeholder), { recursive: true });
  writeFileSync(placeholder, "");
}
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: placeholder,
  PRISMA_QUERY_ENGINE_LIBRARY: placeholder,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
};
const result = spawnSync(process.execPath, [path.resolve("node_modules/prisma/build/index.js"), ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
});
process.exit(result.status ?? 1);
