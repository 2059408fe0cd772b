import { PageHeader } from "@/dashboard/shell/dashboard-shell";

export const metadata = { title: "Webhooks · Agent Workforce" };

export default function Page() {
  return <PageHeader title="Webhooks" />;
}
