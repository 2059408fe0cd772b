// Preformatted text (JSON, diffs) in a box that scrolls inside itself. A box that scrolls
// must be reachable by keyboard to be read (axe: scrollable-region-focusable), so it is a
// focusable, named region: Tab reaches it and the arrow keys scroll it.
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

type TCodeBlockProps = Omit<ComponentProps<"pre">, "tabIndex" | "role"> &
  ({ "aria-label": string; "aria-labelledby"?: never } | { "aria-labelledby": string; "aria-label"?: never });

export function CodeBlock({ className, ...props }: TCodeBlockProps) {
  return (
    <pre
      tabIndex={0}
      role="region"
      className={cn(
        "overflow-auto rounded-md font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      {...props}
    />
  );
}
