import { Suspense } from "react";
import { redirect } from "next/navigation";
import { SignInForm } from "@/dashboard/sign-in/sign-in-form";
import { currentUser } from "../_lib/current-user";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Agent Workforce" };

export default async function SignInPage() {
  if (await currentUser()) redirect("/triage");
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
