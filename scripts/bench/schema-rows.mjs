// The customer-schemas row (issue 26): what a custom agent's schema can cost the server.
// In process (src/domains/agents/input-schemas.ts bundled with esbuild): the slowest compile
// among the worst schemas within the limits (schema-limits.ts), and the hostile patterns of
// the issue matched on 40 characters and on 100,000, and the slowest validation of data
// sized just within the validation budget (validation-cost.ts) for the costliest shapes. Over HTTP: agents defined with a schema
// at the limits while another organization reads its usage: how long that read waits.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { check, row } from "./report.mjs";

const COMPILE_GOAL_MS = 100;
const VALIDATION_GOAL_MS = 100;
const HOSTILE_GOAL_MS = 100;
const OTHER_TENANT_GOAL_MS = 100;
const HOSTILE_PATTERNS = ["^((a)+)+$", "^((a+))+$", "^((a)*)*$", "^((?:a)+)+$"];
const RUNS = 5;

const properties = (count, make = () => ({ type: "string" })) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, make(index)]));

/** The slowest shapes found within the limits (600 members, depth 32, 64 KB, 50 patterns of total weight 3,000). */
function worstSchemas() {
  let ifChain = { type: "string" };
  for (let level = 0; level < 10; level += 1) ifChain = { if: { required: [`a${level}`] }, then: { properties: { [`b${level}`]: ifChain } }, else: { type: "object" } };
  return {
    "295 properties": { type: "object", properties: properties(295) },
    "195 properties, 2 keywords each": { type: "object", properties: properties(195, () => ({ type: "string", minLength: 1 })) },
    "3 patterns of weight 1,000 (Unicode classes)": { type: "object", properties: properties(3, () => ({ type: "string", pattern: "[\\p{L}\\p{N}\\p{M}\\p{S}\\p{P}]{1,1000}" })) },
    "50 short patterns": { type: "object", properties: properties(50, (index) => ({ pattern: `^(a|b${index})+[0-9]{1,20}$` })) },
    "195 $refs to a 100-property $def": { $defs: { a: { type: "object", properties: properties(100) } }, type: "object", properties: properties(195, () => ({ $ref: "#/$defs/a" })) },
    "140 oneOf branches": { oneOf: Array.from({ length: 140 }, (_, index) => ({ type: "object", required: [`p${index}`] })) },
    "95 allOf + unevaluatedProperties": { type: "object", allOf: Array.from({ length: 95 }, (_, index) => ({ properties: { [`p${index}`]: { type: "string" } } })), unevaluatedProperties: false },
    "195 formats": { type: "object", properties: properties(195, () => ({ type: "string", format: "email" })) },
    "if/then/else 10 deep (depth 30)": ifChain,
  };
}

/** A module of src/domains/agents/ bundled (packages external, so written inside the project to resolve them). */
async function loadAgentsModule(name) {
  const outfile = path.resolve(`node_modules/.cache/bench/${name}.mjs`);
  await build({ entryPoints: [`src/domains/agents/${name}.ts`], bundle: true, platform: "node", format: "esm", packages: "external", outfile, logLevel: "warning" });
  return import(pathToFileURL(outfile).href);
}

/** The costliest shapes per work unit measured, each with data of `n` units' worth (made by `make(n)`). */
function costlyValidations() {
  const codes = Array.from({ length: 250 }, (_, index) => `C${index}`);
  const mixed = properties(120, (index) => (index < 40 ? { type: "string", pattern: "^a+$" } : { type: "string", minLength: 2, format: "email" }));
  const names = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`^p${index}`, { type: "string" }]));
  return {
    "enum of 250 per item": [{ type: "object", properties: { items: { type: "array", items: { enum: codes } } } }, (n) => ({ items: Array.from({ length: n }, () => codes[249]) })],
    "120 properties, patterns and formats": [
      { type: "object", properties: { rows: { type: "array", items: { type: "object", properties: mixed } } } },
      (n) => ({ rows: Array.from({ length: Math.ceil(n / 120) }, () => Object.fromEntries(Array.from({ length: 120 }, (_, index) => [`p${index}`, index < 40 ? "aaaa" : "ab@example.com"]))) }),
    ],
    "40 patternProperties": [
      { type: "object", properties: { rows: { type: "array", items: { type: "object", patternProperties: names } } } },
      (n) => ({ rows: Array.from({ length: Math.ceil(n / 100) }, () => Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`p${index}x`, "aaaa"]))) }),
    ],
    "uniqueItems on objects": [{ type: "object", properties: { rows: { type: "array", uniqueItems: true } } }, (n) => ({ rows: Array.from({ length: n }, (_, index) => ({ id: index, name: "abc", tags: [1, 2] })) })],
    "plain rows": [
      { type: "object", properties: { rows: { type: "array", items: { type: "object", properties: { a: { type: "integer" }, b: { type: "string" } }, required: ["a"] } } } },
      (n) => ({ rows: Array.from({ length: n }, (_, index) => ({ a: index, b: "x" })) }),
    ],
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function timed(work) {
  const started = performance.now();
  const result = work();
  return { ms: performance.now() - started, result };
}

export async function schemasRow(target, tenant, bystander) {
  const { customerSchemaProblem, inputIssues } = await loadAgentsModule("input-schemas");
  const { validationCost, validationWeights, VALIDATION_BUDGET } = await loadAgentsModule("validation-cost");

  // Compile: the median of RUNS for each shape (each within the limits), the slowest shape reported.
  const compiles = {};
  for (const [name, schema] of Object.entries(worstSchemas())) {
    const runs = [];
    for (let index = 0; index < RUNS; index += 1) {
      const { ms, result } = timed(() => customerSchemaProblem({ ...schema, title: `run ${index}` }));
      if (result !== null) throw new Error(`${name} is not within the limits: ${result}`);
      runs.push(ms);
    }
    compiles[name] = Number(median(runs).toFixed(1));
  }
  const [slowestShape, slowestMs] = Object.entries(compiles).sort((a, b) => b[1] - a[1])[0];
  const refused = timed(() => customerSchemaProblem({ type: "object", properties: properties(2000) }));

  // Hostile patterns in `pattern` and `propertyNames`, on 40 characters and on 100,000.
  let hostile40 = 0;
  let hostile100k = 0;
  for (const pattern of HOSTILE_PATTERNS) {
    const schema = { type: "object", properties: { s: { type: "string", pattern } }, propertyNames: { pattern: `${pattern}|^s$` } };
    inputIssues(schema, {}); // compiled once, as the cache does for a run's agent
    const short = `${"a".repeat(40)}!`;
    const long = `${"a".repeat(100_000)}!`;
    hostile40 = Math.max(hostile40, median(Array.from({ length: RUNS }, () => timed(() => inputIssues(schema, { s: short, [short]: 1 })).ms)));
    hostile100k = Math.max(hostile100k, median(Array.from({ length: RUNS }, () => timed(() => inputIssues(schema, { s: long })).ms)));
  }

  // Validation: data sized to 98 % of the budget for each costly shape; the slowest median.
  const validations = {};
  for (const [name, [schema, make]] of Object.entries(costlyValidations())) {
    const weights = validationWeights(schema);
    const perUnit = validationCost(weights, make(100)) / 100;
    const data = make(Math.floor((VALIDATION_BUDGET * 0.98) / perUnit));
    if (validationCost(weights, data) > VALIDATION_BUDGET) throw new Error(`${name}: the bench's data is over the budget`);
    inputIssues(schema, data);
    validations[name] = Number(median(Array.from({ length: RUNS }, () => timed(() => inputIssues(schema, data)).ms)).toFixed(1));
  }
  const [costliestShape, costliestMs] = Object.entries(validations).sort((a, b) => b[1] - a[1])[0];

  // Over HTTP: another organization polls GET /v1/usage, first alone (its own latency on this
  // machine, now), then while 20 agents with a schema at the limits (input and output) are defined.
  const atLimits = worstSchemas()["295 properties"];
  const poll = async (during) => {
    let polling = true;
    const latencies = [];
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        await target.api("GET", "/v1/usage", bystander);
        latencies.push(performance.now() - started);
      }
    })();
    await during();
    polling = false;
    await poller;
    return latencies;
  };
  const createMs = [];
  const creates = async () => {
    for (let index = 0; index < 20; index += 1) {
      const started = performance.now();
      await target.api("POST", "/v1/agents", tenant, { name: `bench_limits_${index}`, instructions: "Read the data.", input_schema: { ...atLimits, title: String(index) }, output_schema: atLimits });
      createMs.push(performance.now() - started);
    }
  };
  // A first create warms the server's code paths (Ajv, re2js, Prisma's statement) up.
  await target.api("POST", "/v1/agents", tenant, { name: "bench_limits_warm", instructions: "Read the data.", input_schema: atLimits, output_schema: atLimits });
  const alone = await poll(() => new Promise((resolve) => setTimeout(resolve, 1500)));
  const during = await target.measured("schemas", () => poll(creates));
  const otherAloneP95 = [...alone].sort((a, b) => a - b)[Math.floor(alone.length * 0.95)];
  const otherMax = Math.max(...during);
  const addedMs = otherMax - otherAloneP95;

  const figures = {
    compileMsByShape: compiles,
    slowestCompileMs: slowestMs,
    slowestShape,
    refused2000PropertiesMs: Number(refused.ms.toFixed(2)),
    hostile40CharsMs: Number(hostile40.toFixed(3)),
    hostile100kCharsMs: Number(hostile100k.toFixed(2)),
    validationMsAtBudgetByShape: validations,
    slowestValidationAtBudgetMs: costliestMs,
    createAtLimitsMsMedian: Number(median(createMs).toFixed(1)),
    otherTenantAloneMsP95: Number(otherAloneP95.toFixed(1)),
    otherTenantDuringMsMax: Number(otherMax.toFixed(1)),
    otherTenantCallsDuring: during.length,
  };
  return row(
    target,
    "schemas",
    "customer schemas: compile, hostile patterns",
    figures,
    [
      check("slowest compile within the limits", `${slowestMs} ms (${slowestShape})`, `< ${COMPILE_GOAL_MS} ms`, slowestMs < COMPILE_GOAL_MS),
      check("hostile patterns, 40 chars", `${figures.hostile40CharsMs} ms`, `< ${HOSTILE_GOAL_MS} ms`, hostile40 < HOSTILE_GOAL_MS),
      check("slowest validation within the budget", `${costliestMs} ms (${costliestShape})`, `< ${VALIDATION_GOAL_MS} ms`, costliestMs < VALIDATION_GOAL_MS),
      check("hostile patterns, 100,000 chars", `${figures.hostile100kCharsMs} ms`, `< ${HOSTILE_GOAL_MS} ms`, hostile100k < HOSTILE_GOAL_MS),
      check(
        "another org's call during at-limit creates (max, over its p95 alone)",
        `+${addedMs.toFixed(1)} ms (${figures.otherTenantDuringMsMax} vs ${figures.otherTenantAloneMsP95} ms)`,
        `< +${OTHER_TENANT_GOAL_MS} ms`,
        addedMs < OTHER_TENANT_GOAL_MS,
      ),
    ],
    `compile ≤ ${slowestMs} ms, hostile ${figures.hostile40CharsMs} ms`,
  );
}
