import { redirect } from "next/navigation";
import { SignInForm } from "@/dashboard/sign-in/sign-in-form";
import { safeNextPath } from "@/domains/auth/next-path";
import { dashboardOrigins } from "@/domains/auth/session-auth";
import { env } from "@/foundation/env";
import { currentUser } from "../_lib/current-user";
import { signInAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Agent Workforce" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next } = await searchParams;
  // Only a path on this origin (src/domains/auth/next-path.ts); anything else becomes the triage queue.
  const nextPath = safeNextPath(typeof next === "string" ? next : null, dashboardOrigins(env())[0]!);
  if (await currentUser()) redirect(nextPath);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <SignInForm action={signInAction} next={nextPath} />
    </main>
  );
}
