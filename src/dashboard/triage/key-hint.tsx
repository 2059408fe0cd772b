// The keys the queue answers to, always on screen.
const KEYS_TO_DECIDE = [
  ["a", "approve"],
  ["u", "undo"],
  ["e", "edit output"],
  ["c", "request changes"],
  ["r", "reject"],
  ["x", "select"],
  ["y", "spot check correct"],
  ["n", "spot check incorrect"],
  ["Shift+A", "approve selected"],
] as const;

function Key({ children }: { children: string }) {
  return <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-[11px] text-foreground">{children}</kbd>;
}

export function KeyHint({ canWrite }: { canWrite: boolean }) {
  return (
    <p data-testid="triage-key-hint" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      <span className="font-medium">Keys:</span>
      <span>
        <Key>j</Key> / <Key>k</Key> next / previous
      </span>
      <span>
        <Key>Enter</Key> details
      </span>
      {canWrite
        ? KEYS_TO_DECIDE.map(([key, label]) => (
            <span key={key}>
              <Key>{key}</Key> {label}
            </span>
          ))
        : null}
    </p>
  );
}
