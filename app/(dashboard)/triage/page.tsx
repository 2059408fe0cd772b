import { TriageQueuePage } from "@/dashboard/triage/triage-page";

export const metadata = { title: "Triage · Agent Workforce" };

export default function TriagePage() {
  return <TriageQueuePage />;
}
