import { PageNotFound } from "@/dashboard/shell/page-not-found";

export const metadata = { title: "Page not found · Agent Workforce" };

export default function DashboardNotFound() {
  return <PageNotFound />;
}
