import { PageHeader } from "@/dashboard/shell/dashboard-shell";

export const metadata = { title: "API keys · Agent Workforce" };

export default function Page() {
  return <PageHeader title="API keys" />;
}
