import { headers } from "next/headers";
import { Suspense } from "react";
import { redirect } from "next/navigation";
import { SignInForm } from "@/dashboard/sign-in/sign-in-form";
import { signedInUser } from "@/domains/auth/session-auth";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Agent Workforce" };

export default async function SignInPage() {
  const requestHeaders = await headers();
  if (await signedInUser((name) => requestHeaders.get(name) ?? undefined)) redirect("/triage");
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
