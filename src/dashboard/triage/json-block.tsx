"use client";
// Formatted JSON that folds when long; long lines wrap (no sideways scrolling, nothing to focus).
import { useId, useState } from "react";
import { formatJson } from "../lib/format";
import { cn } from "../lib/cn";
import { Button } from "../ui/button";

const FOLD_AFTER_LINES = 12;

export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const text = formatJson(value);
  const long = text.split("\n").length > FOLD_AFTER_LINES;
  return (
    <div className="grid min-w-0 content-start gap-1">
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-xs font-medium text-muted-foreground">
          {label}
        </span>
        {long ? (
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
            {expanded ? "Show less" : "Show all"}
          </Button>
        ) : null}
      </div>
      <pre
        id={id}
        aria-labelledby={`${id}-label`}
        className={cn(
          "min-w-0 rounded-md bg-muted/60 p-2 font-mono text-xs leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]",
          long && !expanded && "max-h-56 overflow-y-hidden [mask-image:linear-gradient(to_bottom,black_75%,transparent)]",
        )}
      >
        {text}
      </pre>
    </div>
  );
}
