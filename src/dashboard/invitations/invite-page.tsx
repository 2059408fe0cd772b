"use client";
// What an invitation link opens. Signed in as the invited email: Accept or Decline. Signed in
// as someone else: say so (only the invited email can accept). Signed out: sign in and come
// back here, or, for someone new, set a name and password, which creates the account and
// accepts in one step. Nothing here says whether the invited email already has an account.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { authClient } from "../lib/auth-client";
import { rememberOrganization } from "../lib/selection";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Field, Input } from "../ui/input";
import { runDetached } from "../lib/detached";

type TPerson = { email: string; name: string };

/** Into the dashboard of the organization just joined. */
function enter(organizationId: string): void {
  rememberOrganization(organizationId);
  window.location.assign("/triage");
}

export function InvitePage({ token, signedInAs }: { token: string; signedInAs: TPerson | null }) {
  const trpc = useTRPC();
  const preview = useQuery(trpc.invitations.preview.queryOptions({ token }, { retry: false }));
  if (preview.isPending) return <Loading label="Loading the invitation" rows={2} />;
  if (preview.error) {
    return (
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle level={1} className="text-xl">This invitation cannot be used</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ErrorMessage error={preview.error} />
          <a className="text-sm underline" href="/sign-in">
            Go to sign-in
          </a>
        </CardContent>
      </Card>
    );
  }
  const invitation = preview.data.invitation;
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle level={1} className="text-xl">Join {invitation.organization_name}</CardTitle>
        <CardDescription>
          You are invited as <strong>{invitation.role}</strong>, for {invitation.email}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {signedInAs === null ? (
          <SignedOut token={token} invitation={invitation} />
        ) : signedInAs.email === invitation.email ? (
          <Answer invitationId={invitation.id} organizationId={invitation.organization_id} />
        ) : (
          <WrongPerson signedInAs={signedInAs} invitedEmail={invitation.email} />
        )}
      </CardContent>
    </Card>
  );
}

function Answer({ invitationId, organizationId }: { invitationId: string; organizationId: string }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.invitations.accept.mutationOptions({ onSuccess: () => enter(organizationId) }));
  const decline = useMutation(trpc.invitations.decline.mutationOptions());
  if (decline.isSuccess) {
    return (
      <p role="status" className="text-sm">
        You declined the invitation.{" "}
        <a className="underline" href="/triage">
          Back to the dashboard
        </a>
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <ErrorMessage error={accept.error ?? decline.error} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => accept.mutate({ id: invitationId })} disabled={accept.isPending || decline.isPending}>
          {accept.isPending ? "Accepting…" : "Accept invitation"}
        </Button>
        <Button variant="outline" onClick={() => decline.mutate({ id: invitationId })} disabled={accept.isPending || decline.isPending}>
          Decline
        </Button>
      </div>
    </div>
  );
}

function WrongPerson({ signedInAs, invitedEmail }: { signedInAs: TPerson; invitedEmail: string }) {
  return (
    <div className="grid gap-3 text-sm">
      <p role="alert">
        You are signed in as {signedInAs.email}. Only {invitedEmail} can accept this invitation: sign out, then open the link again.
      </p>
      <div>
        <Button
          variant="outline"
          onClick={() => runDetached(authClient.signOut().then(() => window.location.reload()), "signing out")}
        >
          Sign out
        </Button>
      </div>
    </div>
  );
}

function SignedOut({ token, invitation }: { token: string; invitation: { email: string; organization_id: string } }) {
  const trpc = useTRPC();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [signInFailed, setSignInFailed] = useState(false);
  const createAccount = useMutation(
    trpc.invitations.createAccount.mutationOptions({
      onSuccess: async () => {
        const signedIn = await authClient.signIn.email({ email: invitation.email, password });
        if (signedIn.error) return setSignInFailed(true);
        enter(invitation.organization_id);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    createAccount.mutate({ token, name: name.trim(), password });
  };
  const signInHref = `/sign-in?next=${encodeURIComponent(`/invite/${token}`)}`;
  return (
    <div className="grid gap-5">
      <section className="grid gap-2" aria-labelledby="have-account">
        <h2 id="have-account" className="font-semibold">
          Already use Agent Workforce?
        </h2>
        <p className="text-sm text-muted-foreground">Sign in as {invitation.email}; you come back here to accept.</p>
        <div>
          <Button asChild variant="outline">
            <a href={signInHref}>Sign in to accept</a>
          </Button>
        </div>
      </section>
      <section className="grid gap-2" aria-labelledby="new-account">
        <h2 id="new-account" className="font-semibold">
          New here? Create your account
        </h2>
        <form className="grid gap-3" onSubmit={submit} aria-label="Create your account">
          <Field id="invite-email" label="Email">
            <Input id="invite-email" type="email" value={invitation.email} readOnly />
          </Field>
          <Field id="invite-name" label="Your name">
            <Input id="invite-name" required maxLength={100} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="invite-password" label="Choose a password" hint="At least 8 characters.">
            <Input
              id="invite-password"
              type="password"
              required
              minLength={8}
              maxLength={128}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="invite-password-hint"
            />
          </Field>
          <ErrorMessage error={createAccount.error} />
          {signInFailed ? (
            <p role="alert" className="text-sm">
              Your account is ready, but signing in failed.{" "}
              <a className="underline" href="/sign-in">
                Sign in
              </a>{" "}
              with your new password.
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={createAccount.isPending || createAccount.isSuccess}>
              {createAccount.isPending ? "Creating…" : "Create account and join"}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
