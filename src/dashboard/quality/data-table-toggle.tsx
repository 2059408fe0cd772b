"use client";
// A chart's numbers as a table behind a disclosure button: the chart is an image to
// assistive technology, the table is what a screen reader (and a test) reads.
import { useId, useState, type ReactNode } from "react";
import { Button } from "../ui/button";

export function DataTableToggle({ label, children }: { label: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" size="sm" aria-expanded={shown} aria-controls={id} onClick={() => setShown((open) => !open)}>
          {shown ? "Hide" : "Show"} {label} as a table
        </Button>
      </div>
      <div id={id} hidden={!shown} className="min-w-0 overflow-x-auto">
        {children}
      </div>
    </div>
  );
}
