// A release gate as the API gives it: passed, or the reasons it did not.
import { CheckCircle2Icon, XCircleIcon } from "lucide-react";

export function GateResult({ gate, label }: { gate: { passed: boolean; reasons: string[] }; label: string }) {
  return (
    <div className="grid gap-1 text-sm" data-testid="gate" data-passed={gate.passed}>
      <p className="flex items-center gap-1.5 font-medium">
        {gate.passed ? <CheckCircle2Icon className="size-4 text-success" aria-hidden /> : <XCircleIcon className="size-4 text-destructive" aria-hidden />}
        {label}: {gate.passed ? "passed" : "not passed"}
      </p>
      {gate.reasons.length ? (
        <ul className="list-disc pl-6 text-muted-foreground" aria-label={`Why the ${label.toLowerCase()} did not pass`}>
          {gate.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
