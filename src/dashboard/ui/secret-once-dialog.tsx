"use client";
// A secret (an API key, a webhook signing secret) shown exactly once: the server keeps only
// a hash or ciphertext, so once this dialog closes the page no longer holds it.
import { CheckIcon, CopyIcon, TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { runDetached } from "../lib/detached";

export function SecretOnceDialog({
  secret,
  title,
  description,
  onClose,
}: {
  /** null: closed (and forgotten). */
  secret: string | null;
  title: string;
  description: string;
  onClose: () => void;
}) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const close = () => {
    setCopy("idle");
    onClose();
  };
  // A refused copy is said below the buttons, with what to do instead.
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <code data-testid="secret-value" className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all">
          {secret}
        </code>
        <p role="note" className="flex items-start gap-2 rounded-md bg-warning/20 p-2 text-sm">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          Copy it now and keep it somewhere safe: it will not be shown again.
        </p>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => runDetached(copySecret(), "copying the secret")}
          >
            {copy === "copied" ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copy === "copied" ? "Copied" : "Copy"}
          </Button>
          <Button onClick={close}>Done</Button>
        </DialogFooter>
        {copy === "failed" ? (
          <p role="alert" className="text-xs text-destructive">
            The browser refused to copy: select the text above and copy it yourself.
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
