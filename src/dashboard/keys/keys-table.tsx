"use client";
// The organization's keys in the current mode: only their prefixes (the full key was shown
// once, at creation). Revoking asks first; a revoked key answers 401 at once. A key acts with
// at most its creator's current role: the scopes that role does not allow are struck
// through, marked "not effective" in words, with a note naming the role.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";
import { SCOPES } from "../../domains/auth/scopes";
import { formatDateTime } from "../lib/format";
import { useTRPC } from "../trpc";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState, ErrorMessage, Loading } from "../ui/feedback";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

type TKey = inferRouterOutputs<TAppRouter>["keys"]["list"]["data"][number];

function keyStatus(key: TKey): { label: string; variant: "success" | "destructive" | "secondary" } {
  if (key.revoked_at) return { label: "Revoked", variant: "destructive" };
  if (key.expires_at && new Date(key.expires_at).getTime() <= Date.now()) return { label: "Expired", variant: "secondary" };
  return { label: "Active", variant: "success" };
}

export function KeysTable() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.keys.list.queryOptions({}));
  const revoke = useMutation(
    trpc.keys.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() }),
    }),
  );

  if (keys.isPending) return <Loading label="Loading API keys" />;
  if (keys.error) return <ErrorMessage error={keys.error} />;
  if (keys.data.data.length === 0) {
    return <EmptyState title="No API keys in this mode yet">Create one above to call the /v1 API from your own systems.</EmptyState>;
  }
  return (
    <Table aria-label="API keys">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Key</TableHead>
          <TableHead>Scopes</TableHead>
          <TableHead>Mode</TableHead>
          <TableHead>Last used</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.data.data.map((key) => {
          const status = keyStatus(key);
          return (
            <TableRow key={key.id} data-testid="key-row">
              <TableCell>
                <div className="min-w-[7rem] font-medium">{key.name}</div>
                {key.created_by ? <div className="text-xs text-muted-foreground">by {key.created_by}</div> : null}
              </TableCell>
              <TableCell>
                <code className="whitespace-nowrap">{key.prefix}…</code>
              </TableCell>
              <TableCell>
                <KeyScopes apiKey={key} />
              </TableCell>
              <TableCell>
                <Badge variant={key.mode === "live" ? "success" : "warning"}>{key.mode}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{key.last_used_at ? formatDateTime(key.last_used_at) : "Never"}</TableCell>
              <TableCell className="whitespace-nowrap">{key.expires_at ? formatDateTime(key.expires_at) : "Never"}</TableCell>
              <TableCell>
                <Badge variant={status.variant}>{status.label}</Badge>
              </TableCell>
              <TableCell className="text-right">
                {key.revoked_at ? null : (
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm" aria-label={`Revoke ${key.name}`}>
                        Revoke
                      </Button>
                    }
                    title={`Revoke “${key.name}”?`}
                    description={`Every call made with ${key.prefix}… is refused (401) from now on. This cannot be undone.`}
                    confirmLabel="Revoke key"
                    onConfirm={() => revoke.mutateAsync({ id: key.id })}
                  />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/**
 * The key's granted scopes; where its creator's role limits them, the ones it cannot use are
 * struck through and say so in text (not only by styling), under a note naming the role.
 */
function KeyScopes({ apiKey }: { apiKey: TKey }) {
  const effective = new Set(apiKey.effective_scopes);
  const limited = apiKey.scopes.some((scope) => !effective.has(scope));
  if (!limited) {
    return (
      <div className="flex max-w-[16rem] flex-wrap gap-1">
        {apiKey.scopes.length === SCOPES.length ? (
          <Badge variant="secondary">all scopes</Badge>
        ) : (
          apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="outline">
              {scope}
            </Badge>
          ))
        )}
      </div>
    );
  }
  const noteId = `key-scopes-note-${apiKey.id}`;
  return (
    <div className="grid max-w-[16rem] gap-1">
      <p id={noteId} className="text-xs text-muted-foreground" data-testid="key-scopes-limited">
        Limited by {apiKey.created_by ?? "its creator"}’s role ({apiKey.created_by_role}): {apiKey.effective_scopes.length} of{" "}
        {apiKey.scopes.length} scopes effective
      </p>
      <ul className="flex flex-wrap gap-1" aria-describedby={noteId} aria-label="Scopes">
        {apiKey.scopes.map((scope) =>
          effective.has(scope) ? (
            <li key={scope}>
              <Badge variant="outline">{scope}</Badge>
            </li>
          ) : (
            <li key={scope}>
              <Badge variant="outline" className="text-muted-foreground" title={`${scope}: not effective`}>
                <s>{scope}</s>
                <span className="sr-only"> (not effective)</span>
              </Badge>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
