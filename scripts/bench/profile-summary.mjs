#!/usr/bin/env node
// Summarizes a V8 .cpuprofile (node --cpu-prof): the top self-time functions and the share
// of busy time by package (node_modules/<pkg>, app code, node internals, GC). App code in
// dist/*.mjs is mapped back to src/ through its source map; WebAssembly frames (Prisma's
// query compiler, PGlite) and native functions count for the package that called them.
//   node scripts/bench/profile-summary.mjs file.cpuprofile [--from-ms N] [--to-ms N] [--top N]
// --from-ms/--to-ms keep only samples in that window (ms since the profile started).
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const sourceMaps = new Map();

function sourceMapFor(file) {
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    sourceMaps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  }
  return sourceMaps.get(file);
}

function localPath(url) {
  if (url.startsWith("file://")) return fileURLToPath(url);
  return url;
}

/** Where a frame's code lives: { category, location }. */
function classify(callFrame) {
  const { functionName, url, lineNumber, columnNumber } = callFrame;
  if (!url) {
    if (/^\(.*\)$/.test(functionName)) return { category: functionName, location: "" };
    return { category: "node internals", location: "(native)" };
  }
  if (url.startsWith("node:")) return { category: "node internals", location: `${url}:${lineNumber + 1}` };
  if (url.startsWith("wasm://")) return { category: "wasm", location: url };
  const file = localPath(url);
  const modules = file.lastIndexOf("/node_modules/");
  if (modules !== -1) {
    const parts = file.slice(modules + "/node_modules/".length).split("/");
    const name = parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
    return { category: name, location: `${file.slice(modules + 1)}:${lineNumber + 1}` };
  }
  const map = file.endsWith(".mjs") || file.endsWith(".js") ? sourceMapFor(file) : null;
  if (map) {
    const entry = map.findEntry(lineNumber, columnNumber);
    if (entry?.originalSource) {
      const source = localPath(entry.originalSource).replace(/^.*?\/(src|app)\//, "$1/");
      if (source.includes("node_modules/")) return classify({ ...callFrame, url: source, lineNumber: entry.originalLine, columnNumber: entry.originalColumn });
      return { category: "app code", location: `${source}:${entry.originalLine + 1}` };
    }
  }
  return { category: "app code", location: `${path.relative(process.cwd(), file)}:${lineNumber + 1}` };
}

/** Self time per node (ms), from samples inside the windows (all when none given). */
function selfTimes(profile, windows) {
  const self = new Map();
  let at = profile.startTime;
  const inWindow = (offsetMs) => !windows?.length || windows.some((window) => offsetMs >= window.fromMs && offsetMs <= window.toMs);
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index];
    // A sample stands for the time until the next one.
    const duration = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (!inWindow((at - profile.startTime) / 1000)) continue;
    self.set(profile.samples[index], (self.get(profile.samples[index]) ?? 0) + duration);
  }
  return self;
}

export function summarizeProfile(file, { windows, top = 25 } = {}) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const classified = new Map(profile.nodes.map((node) => [node.id, classify(node.callFrame)]));
  // WebAssembly and native functions (JSON.parse, a socket's writev) have no package of
  // their own: charge them to the nearest caller that has a script.
  const borrowsCaller = (id) => {
    const node = nodes.get(id);
    return classified.get(id).category === "wasm" || (!node.callFrame.url && !/^\(.*\)$/.test(node.callFrame.functionName));
  };
  const packageOf = (id) => {
    let current = id;
    while (borrowsCaller(current) && parents.has(current)) current = parents.get(current);
    if (!borrowsCaller(current)) return classified.get(current).category;
    return classified.get(id).category === "wasm" ? "wasm (unknown caller)" : "node internals";
  };

  // For node internals (a socket's writev): the package whose call led there.
  const viaOf = (id) => {
    let current = parents.get(id);
    while (current !== undefined) {
      const category = classified.get(current).category;
      if (category !== "node internals" && category !== "wasm" && !/^\(.*\)$/.test(category)) return category;
      current = parents.get(current);
    }
    return undefined;
  };

  const self = selfTimes(profile, windows);
  const byPackage = new Map();
  const byFunction = new Map();
  let sampledMs = 0;
  let idleMs = 0;
  for (const [id, ms] of self) {
    sampledMs += ms;
    const node = nodes.get(id);
    if (node.callFrame.functionName === "(idle)") {
      idleMs += ms;
      continue;
    }
    let pkg = packageOf(id);
    if (pkg === "node internals" && viaOf(id)) pkg = `node internals via ${viaOf(id)}`;
    const { location } = classified.get(id);
    const coarse = pkg.startsWith("node internals") ? "node internals" : pkg;
    byPackage.set(coarse, (byPackage.get(coarse) ?? 0) + ms);
    const key = `${node.callFrame.functionName || "(anonymous)"}\u0000${location}\u0000${pkg}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const busyMs = sampledMs - idleMs;
  const pct = (ms) => Number(((ms / busyMs) * 100).toFixed(1));
  const packages = [...byPackage].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms: Math.round(ms), pct: pct(ms) }));
  const functions = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, ms]) => {
      const [name, location, pkg] = key.split("\u0000");
      return { name, location, package: pkg, ms: Math.round(ms), pct: pct(ms) };
    });

  const lines = [`sampled ${Math.round(sampledMs)} ms, busy ${Math.round(busyMs)} ms (${((busyMs / sampledMs) * 100).toFixed(0)} %)${windows?.length ? `, cropped to ${windows.map((w) => w.row).join(", ")}` : ""}`];
  lines.push("share of busy time by package:");
  for (const item of packages.slice(0, 15)) lines.push(`  ${String(item.pct).padStart(5)} %  ${String(item.ms).padStart(7)} ms  ${item.name}`);
  lines.push(`top ${top} functions by self time:`);
  for (const item of functions) lines.push(`  ${String(item.pct).padStart(5)} %  ${String(item.ms).padStart(7)} ms  ${item.name}  ${item.location}  [${item.package}]`);
  return { text: lines.join("\n"), data: { sampledMs: Math.round(sampledMs), busyMs: Math.round(busyMs), byPackage: packages, topFunctions: functions } };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : Number(args[index + 1]);
  };
  const file = args.find((arg, index) => !arg.startsWith("--") && !args[index - 1]?.startsWith("--"));
  if (!file) {
    console.error("usage: node scripts/bench/profile-summary.mjs file.cpuprofile [--from-ms N] [--to-ms N] [--top N]");
    process.exit(2);
  }
  const from = option("--from-ms");
  const to = option("--to-ms");
  const windows = from !== undefined || to !== undefined ? [{ row: "window", fromMs: from ?? 0, toMs: to ?? Infinity }] : undefined;
  console.log(summarizeProfile(file, { windows, top: option("--top") ?? 25 }).text);
}
