// An address no page answers (404): signed in, inside the dashboard's frame, so the
// navigation stays; signed out, a plain page with the way to sign in.
import Link from "next/link";
import { DashboardShell } from "@/dashboard/shell/dashboard-shell";
import { PageNotFound } from "@/dashboard/shell/page-not-found";
import { DashboardProviders } from "@/dashboard/trpc";
import { currentUser } from "./_lib/current-user";

export const metadata = { title: "Page not found · Agent Workforce" };

export default async function NotFound() {
  if (!(await currentUser())) {
    return (
      <main className="mx-auto grid max-w-2xl gap-3 p-8">
        <h1 className="text-xl font-semibold">Page not found</h1>
        <p className="text-sm">
          No page has this address.{" "}
          <Link href="/sign-in" className="font-medium underline underline-offset-4">
            Sign in
          </Link>{" "}
          to reach the dashboard.
        </p>
      </main>
    );
  }
  return (
    <DashboardProviders>
      <DashboardShell>
        <PageNotFound />
      </DashboardShell>
    </DashboardProviders>
  );
}
