#!/usr/bin/env node
// Fails when a comment or a document names a repository path that does not exist
// (docs/development.md, "The path check"). Read: the comments of the source files under
// src, app, scripts, tests, sdk, prisma and .ci, and every markdown file (README.md,
// docs/, sdk/README.md). A path is a token that starts at one of those folders (or docs/)
// and ends in a file extension or, for a folder, a slash; in markdown, relative link
// targets count too. Paths after `<`, `{` or `*` are placeholders or globs and are skipped,
// as are paths git ignores (generated before a build). A line holding `check-paths: ignore`
// is skipped; in markdown, `<!-- check-paths: ignore-next -->` skips the next line, or the
// whole fenced block that line opens.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SOURCE_ROOTS = ["src/", "app/", "scripts/", "tests/", "sdk/src/", "sdk/scripts/", "prisma/", ".ci/"];
const MARKDOWN = (file) => file === "README.md" || file === "sdk/README.md" || (file.startsWith("docs/") && file.endsWith(".md"));
const IGNORE_LINE = "check-paths: ignore";
const IGNORE_NEXT = "<!-- check-paths: ignore-next -->";

// A path: a known top folder, then segments of name characters (Next.js `[id]` and
// `(group)` segments included). Not preceded by a character that would make it part of a
// URL, a longer path or a word.
const SEGMENT = String.raw`(?:[\w.@-]|\[[\w.-]+\]|\([\w.-]+\))+`;
const PATH_PATTERN = new RegExp(String.raw`(?<![\w./@:-])(?:\./)?((?:src|app|docs|tests|scripts|prisma|sdk|\.ci)/(?:${SEGMENT}/)*(?:${SEGMENT})?)`, "g");
// Known extensions only: `app/run.requested` is an event name, not a file.
const FILE_EXTENSIONS = /\/[^/]*[^/.]\.(?:[cm]?[jt]sx?|d\.ts|json|jsonl|ndjson|md|sql|prisma|sh|css|svg|png|jpe?g|ya?ml|toml|csv|txt|html|lock|env)$/;
const LINK_PATTERN = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

function listFiles() {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out.split("\0").filter((file) => file && existsSync(path.join(root, file)));
}

let ts;

/** Comment text of a JS/TS file with each comment's starting line (1-based). */
function scriptComments(file, text) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") || file.endsWith(".mts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set();
  const comments = [];
  const collect = (ranges) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push({ line: source.getLineAndCharacterOfPosition(range.pos).line + 1, text: text.slice(range.pos, range.end) });
    }
  };
  // Every comment lies between two nodes: after one's end or before the next one's start.
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getLeadingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return comments;
}

/** Line comments that start with `marker` at the line's start or after whitespace. */
function lineComments(text, marker) {
  const comments = [];
  text.split("\n").forEach((line, index) => {
    const at = line.startsWith(marker) ? 0 : line.search(new RegExp(String.raw`\s${marker.replace(/[/*]/g, "\\$&")}`));
    if (at >= 0) comments.push({ line: index + 1, text: line.slice(at) });
  });
  return comments;
}

function blockComments(text) {
  const comments = [];
  for (const match of text.matchAll(/\/\*[\s\S]*?\*\//g)) comments.push({ line: text.slice(0, match.index).split("\n").length, text: match[0] });
  return comments;
}

function commentsOf(file, text) {
  if (/\.(ts|tsx|mts|mjs|cjs|js)$/.test(file)) return scriptComments(file, text);
  if (file.endsWith(".sql")) return lineComments(text, "--");
  if (file.endsWith(".prisma")) return lineComments(text, "//");
  if (file.endsWith(".css")) return blockComments(text);
  if (/\.(sh|toml|ya?ml)$/.test(file) || text.startsWith("#!/usr/bin/env bash")) return lineComments(text, "#");
  return [];
}

/** The lines of a markdown file to read, without those an ignore marker covers. */
function markdownLines(text) {
  const lines = text.split("\n");
  const kept = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index].trim() === IGNORE_NEXT) {
      const next = index + 1;
      if (/^\s*(```|~~~)/.test(lines[next] ?? "")) {
        const fence = lines[next].trim().slice(0, 3);
        let end = next + 1;
        while (end < lines.length && !lines[end].trim().startsWith(fence)) end += 1;
        index = end;
      } else {
        index = next;
      }
      continue;
    }
    kept.push({ line: index + 1, text: lines[index] });
  }
  return kept;
}

/** Paths named in a piece of text: [path, how to resolve it]. */
function pathsIn(text) {
  const found = [];
  for (const match of text.matchAll(PATH_PATTERN)) {
    const after = text[match.index + match[0].length] ?? "";
    if ("<{*…$".includes(after) && after !== "") continue;
    const candidate = match[1].replace(/\.+$/, "");
    const isFolder = candidate.endsWith("/");
    const hasExtension = FILE_EXTENSIONS.test(candidate);
    if (!isFolder && !hasExtension) continue;
    found.push(candidate);
  }
  return found;
}

function exists(candidate, file) {
  if (existsSync(path.join(root, candidate))) return true;
  // Inside the SDK package, `src/…` may name the package's own files.
  if (file.startsWith("sdk/") && existsSync(path.join(root, "sdk", candidate))) return true;
  return false;
}

const started = Date.now();
const problems = [];
const missing = [];
let scanned = 0;
for (const file of listFiles()) {
  const isMarkdown = MARKDOWN(file);
  const isSource = SOURCE_ROOTS.some((prefix) => file.startsWith(prefix)) || (!file.includes("/") && /\.(ts|mts|mjs|cjs)$/.test(file));
  if (!isMarkdown && !isSource) continue;
  const text = readFileSync(path.join(root, file), "utf8");
  scanned += 1;
  // Comments are only parsed out of a file whose text names a path that is missing
  // somewhere (in code or in a comment): most files name none, and parsing is the cost.
  if (!isMarkdown && !pathsIn(text).some((candidate) => !exists(candidate, file))) continue;
  if (!isMarkdown && /\.(ts|tsx|mts|mjs|cjs|js)$/.test(file)) ts ??= (await import("typescript")).default;
  const pieces = isMarkdown ? markdownLines(text) : commentsOf(file, text);
  for (const piece of pieces) {
    piece.text.split("\n").forEach((lineText, offset) => {
      if (lineText.includes(IGNORE_LINE)) return;
      const line = piece.line + offset;
      for (const candidate of pathsIn(lineText)) {
        if (!exists(candidate, file)) missing.push({ file, line, candidate });
      }
      if (!isMarkdown) return;
      for (const match of lineText.matchAll(LINK_PATTERN)) {
        const target = decodeURI(match[1].split("#")[0]);
        if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
        const resolved = path.normalize(path.join(path.dirname(file), target));
        if (!existsSync(path.join(root, resolved))) missing.push({ file, line, candidate: target });
      }
    });
  }
}

// Paths git ignores exist only after a build (src/generated/, dist/): not a broken reference.
if (missing.length > 0) {
  const unique = [...new Set(missing.map((entry) => entry.candidate))];
  // git check-ignore exits 1 when none is ignored; its output lists those that are.
  let output = "";
  try {
    output = execFileSync("git", ["check-ignore", "--no-index", "--stdin"], { cwd: root, input: unique.join("\n"), encoding: "utf8" });
  } catch (error) {
    if (error.status !== 1) throw error;
    output = error.stdout ?? "";
  }
  const ignored = new Set(output.split("\n").filter(Boolean));
  for (const entry of missing) if (!ignored.has(entry.candidate)) problems.push(entry);
}

for (const { file, line, candidate } of problems) console.error(`${file}:${line}: ${candidate}`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`check-paths: ${problems.length} path(s) named in comments or docs do not exist (${scanned} files, ${seconds} s)`);
  process.exit(1);
}
console.log(`check-paths: every path named in comments and docs exists (${scanned} files, ${seconds} s)`);
