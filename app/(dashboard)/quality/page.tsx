import { Suspense } from "react";
import { QualityPage } from "@/dashboard/quality/quality-page";

export const metadata = { title: "Quality · Agent Workforce" };

export default function Page() {
  // The page reads the agent, period and target from the URL (useSearchParams).
  return (
    <Suspense>
      <QualityPage />
    </Suspense>
  );
}
