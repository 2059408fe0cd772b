"use client";
// Expected against output, side by side: the lines under a `differences` pointer are marked
// (colour and a "≠" gutter, so the mark is not colour alone). No JSON diff component existed
// before this one: the Agents page's version diff is a line diff of two texts (line-diff.ts).
import { cn } from "../lib/cn";
import { CodeBlock } from "../ui/code-block";
import { jsonLines, underAny } from "./json-lines";

export function JsonPane({ label, value, differences, tone }: { label: string; value: unknown; differences: readonly string[]; tone: "expected" | "output" }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <CodeBlock aria-label={label} className="max-h-80 border bg-muted/30 py-2 leading-relaxed">
        {jsonLines(value).map((line, index) => {
          const differs = underAny(line.pointer, differences);
          return (
            <div
              key={index}
              data-pointer={line.pointer}
              data-differs={differs ? "true" : undefined}
              className={cn("flex gap-2 px-2 whitespace-pre-wrap [overflow-wrap:anywhere]", differs && (tone === "expected" ? "bg-success/15" : "bg-destructive/15"))}
            >
              <span aria-hidden className="w-3 shrink-0 select-none text-muted-foreground">
                {differs ? "≠" : ""}
              </span>
              <span className="min-w-0">{line.text}</span>
            </div>
          );
        })}
      </CodeBlock>
    </div>
  );
}

export function JsonDiff({
  expected,
  output,
  differences,
  expectedLabel = "Expected (what people decided)",
  outputLabel = "Output (this version)",
}: {
  expected: unknown;
  output: unknown;
  differences: readonly string[];
  expectedLabel?: string;
  outputLabel?: string;
}) {
  return (
    <div className="grid min-w-0 gap-3 md:grid-cols-2">
      <JsonPane label={expectedLabel} value={expected} differences={differences} tone="expected" />
      <JsonPane label={outputLabel} value={output} differences={differences} tone="output" />
    </div>
  );
}
