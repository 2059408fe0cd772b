"use server";
// The sign-in form's action: a POST that works before (or without) the page's script, so a
// password never travels in a URL. Signs in through better-auth (same hooks and limits as
// /api/auth/sign-in/email) and redirects to `next` when it stays on this origin.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/domains/auth/next-path";
import { dashboardOrigins, signInWithPassword } from "@/domains/auth/session-auth";
import { env } from "@/foundation/env";
import type { TSignInFormState } from "@/dashboard/sign-in/sign-in-form";

/** A text field of the form; a missing one, or a file sent in its place, reads as "". */
const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function signInAction(_previous: TSignInFormState, form: FormData): Promise<TSignInFormState> {
  const email = field(form, "email").trim();
  const password = field(form, "password");
  const next = safeNextPath(field(form, "next"), dashboardOrigins(env())[0]!);
  const result = await signInWithPassword({ email, password }, new Headers(await headers()));
  if (!result.ok) return { error: result.reason, retryAfter: result.retryAfter, email };
  redirect(next);
}
