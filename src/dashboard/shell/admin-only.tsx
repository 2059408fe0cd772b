"use client";
// Pages only an organization's admins use: everyone else gets a plain explanation (the
// server refuses their calls anyway).
import { ShieldIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useIsAdmin } from "./session-context";

export function AdminOnly({ message, children }: { message: string; children: ReactNode }) {
  if (useIsAdmin()) return <>{children}</>;
  return (
    <div role="note" className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
      <ShieldIcon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{message}</p>
      <p className="max-w-md text-sm text-muted-foreground">Ask an admin of this organization if you need a change here.</p>
    </div>
  );
}
