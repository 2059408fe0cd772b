import { PageHeader } from "@/dashboard/shell/dashboard-shell";

export const metadata = { title: "Usage · Agent Workforce" };

export default function Page() {
  return <PageHeader title="Usage" />;
}
