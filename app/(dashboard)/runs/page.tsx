import { RunsList } from "@/dashboard/runs/runs-list";

export const metadata = { title: "Runs · Agent Workforce" };

export default function Page() {
  return <RunsList />;
}
