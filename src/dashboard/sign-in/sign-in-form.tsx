"use client";
// The sign-in form posts to a server action (app/sign-in/actions.ts): it works before the
// page's script has loaded and without script at all, and the password travels only in a
// POST body, never in a URL. With script, the same action runs without a page load.
import { useActionState } from "react";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { Field, Input } from "../ui/input";

export type TSignInFormState = {
  error: "invalid_credentials" | "invalid_input" | "rate_limited" | null;
  /** Seconds until a refused (rate-limited) sign-in may be tried again. */
  retryAfter?: number;
  email?: string;
};

function message(state: TSignInFormState): string | null {
  switch (state.error) {
    case null:
      return null;
    case "invalid_credentials":
      return "That email and password do not match. Check both and try again.";
    case "invalid_input":
      return "Enter your email address and your password.";
    case "rate_limited": {
      const minutes = Math.max(1, Math.ceil((state.retryAfter ?? 60) / 60));
      return `Too many sign-in attempts. Wait ${minutes === 1 ? "a minute" : `${minutes} minutes`}, then try again.`;
    }
  }
}

export function SignInForm({
  action,
  next,
}: {
  action: (state: TSignInFormState, form: FormData) => Promise<TSignInFormState>;
  /** Where to go after signing in: a same-origin path the page has already checked. */
  next: string;
}) {
  const [state, formAction, pending] = useActionState(action, { error: null });
  const error = message(state);

  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle level={1} className="text-xl">Sign in to Agent Workforce</CardTitle>
        <CardDescription>Review what your agents are unsure of, and run your organization.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" action={formAction} noValidate>
          <input type="hidden" name="next" value={next} />
          <Field id="email" label="Email">
            <Input id="email" name="email" type="email" autoComplete="email" required autoFocus defaultValue={state.email} />
          </Field>
          <Field id="password" label="Password">
            <Input id="password" name="password" type="password" autoComplete="current-password" required />
          </Field>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={pending}>
            {pending ? "Signing in…" : "Sign in"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
