import { PageHeader } from "@/dashboard/shell/dashboard-shell";

export const metadata = { title: "Runs · Agent Workforce" };

export default function Page() {
  return <PageHeader title="Runs" />;
}
