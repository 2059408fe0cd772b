// Empty, loading and error states every page uses.
import { AlertCircleIcon, InboxIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../lib/cn";
import { describeError } from "../lib/describe-error";

export { describeError };

export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

/** A loading placeholder announced to screen readers. */
export function Loading({ label = "Loading", rows = 3 }: { label?: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-2">
      <span className="sr-only">{label}…</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
      <InboxIcon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      {children ? <div className="max-w-md text-sm text-muted-foreground">{children}</div> : null}
      {action}
    </div>
  );
}

/** An error a person can act on: the typed error body's message, and its request id if any. */
export function ErrorMessage({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  const { message, requestId } = describeError(error);
  return (
    <div role="alert" className={cn("flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm", className)}>
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div>
        <p>{message}</p>
        {requestId ? <p className="text-xs text-muted-foreground">Request id {requestId}</p> : null}
      </div>
    </div>
  );
}
