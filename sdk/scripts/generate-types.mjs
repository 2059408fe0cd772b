// Writes src/generated/openapi.ts from the /v1 OpenAPI document with openapi-typescript, so the
// SDK's types are the served contract's. The document comes from the built server
// (`node dist/openapi.mjs`, what `npm run openapi` prints) or from a file given with --from.
//   node sdk/scripts/generate-types.mjs            write the types
//   node sdk/scripts/generate-types.mjs --check    exit 1 when the committed types differ
// tests/integration/sdk-package.test.ts runs --check against the built document and the snapshot.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

const SDK_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROJECT_ROOT = path.resolve(SDK_ROOT, "..");
export const GENERATED_TYPES_PATH = path.join(SDK_ROOT, "src/generated/openapi.ts");

const HEADER = `// Generated from the /v1 OpenAPI document by openapi-typescript (sdk/scripts/generate-types.mjs).
// Do not edit: run \`npm run sdk:generate\` after changing the API; a test fails while they differ.
/* eslint-disable */
`;

/** The TypeScript source for one OpenAPI document (an object or its JSON text). */
export async function generateTypes(document) {
  const parsed = typeof document === "string" ? JSON.parse(document) : document;
  return `${HEADER}${astToString(await openapiTS(parsed))}`;
}

/** The document the built server serves (dist/openapi.mjs, as `npm run openapi`). */
export function builtDocument() {
  const text = execFileSync(process.execPath, [path.join(PROJECT_ROOT, "dist/openapi.mjs")], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(text);
}

async function main(args) {
  const fromIndex = args.indexOf("--from");
  const document = fromIndex >= 0 ? readFileSync(args[fromIndex + 1], "utf8") : builtDocument();
  const types = await generateTypes(document);
  if (args.includes("--check")) {
    const committed = readFileSync(GENERATED_TYPES_PATH, "utf8");
    if (committed !== types) {
      process.stderr.write(`${path.relative(PROJECT_ROOT, GENERATED_TYPES_PATH)} differs from the OpenAPI document: run npm run sdk:generate\n`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(GENERATED_TYPES_PATH, types);
  process.stdout.write(`wrote ${path.relative(PROJECT_ROOT, GENERATED_TYPES_PATH)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
