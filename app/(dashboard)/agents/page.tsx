import { AgentsPage } from "@/dashboard/agents/agents-page";

export const metadata = { title: "Agents · Agent Workforce" };

export default function Page() {
  return <AgentsPage />;
}
