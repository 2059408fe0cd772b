"use client";
// The end of an organization settings form on the Members page: the error, the save button
// and "Saved." once the change is stored (review-settings-form.tsx, spot-check-rates-form.tsx).
import { Button } from "../ui/button";
import { ErrorMessage } from "../ui/feedback";

export function SettingsFormFooter(props: { error: Parameters<typeof ErrorMessage>[0]["error"]; pending: boolean; ready: boolean; saved: boolean; label: string }) {
  return (
    <div className="grid gap-3 sm:col-span-2">
      <ErrorMessage error={props.error} />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={props.pending || !props.ready}>
          {props.pending ? "Saving…" : props.label}
        </Button>
        {props.saved ? (
          <p role="status" className="text-sm text-muted-foreground">
            Saved.
          </p>
        ) : null}
      </div>
    </div>
  );
}
