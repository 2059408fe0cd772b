// Every dashboard page: signed-in people only (the procedures check again on the server).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { DashboardShell } from "@/dashboard/shell/dashboard-shell";
import { DashboardProviders } from "@/dashboard/trpc";
import { signedInUser } from "@/domains/auth/session-auth";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const user = await signedInUser((name) => requestHeaders.get(name) ?? undefined);
  if (!user) redirect("/sign-in");
  return (
    <DashboardProviders>
      <DashboardShell>{children}</DashboardShell>
    </DashboardProviders>
  );
}
