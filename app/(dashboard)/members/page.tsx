import { PageHeader } from "@/dashboard/shell/dashboard-shell";

export const metadata = { title: "Members · Agent Workforce" };

export default function Page() {
  return <PageHeader title="Members" />;
}
