import { PageHeader } from "@/dashboard/shell/dashboard-shell";

export const metadata = { title: "Batches · Agent Workforce" };

export default function Page() {
  return <PageHeader title="Batches" />;
}
