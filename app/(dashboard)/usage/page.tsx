import { UsagePage } from "@/dashboard/usage/usage-page";

export const metadata = { title: "Usage · Agent Workforce" };

export default function Page() {
  return <UsagePage />;
}
