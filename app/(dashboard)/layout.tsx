// Every dashboard page: signed-in people only (the procedures check again on the server).
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { DashboardShell } from "@/dashboard/shell/dashboard-shell";
import { DashboardProviders } from "@/dashboard/trpc";
import { currentUser } from "../_lib/current-user";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  if (!(await currentUser())) redirect("/sign-in");
  return (
    <DashboardProviders>
      <DashboardShell>{children}</DashboardShell>
    </DashboardProviders>
  );
}
