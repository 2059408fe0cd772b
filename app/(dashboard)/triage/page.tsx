import { PageHeader } from "@/dashboard/shell/dashboard-shell";

export const metadata = { title: "Triage · Agent Workforce" };

export default function TriagePage() {
  return <PageHeader title="Triage" description="Runs waiting for a person." />;
}
