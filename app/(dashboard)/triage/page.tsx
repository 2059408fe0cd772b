import { Suspense } from "react";
import { TriageQueuePage } from "@/dashboard/triage/triage-page";

export const metadata = { title: "Triage · Agent Workforce" };

export default function TriagePage() {
  // The queue reads its filters from the URL (useSearchParams).
  return (
    <Suspense>
      <TriageQueuePage />
    </Suspense>
  );
}
