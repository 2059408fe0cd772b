import { Suspense } from "react";
import { RunsList } from "@/dashboard/runs/runs-list";

export const metadata = { title: "Runs · Agent Workforce" };

export default function Page() {
  // The list reads its filters from the URL (useSearchParams).
  return (
    <Suspense>
      <RunsList />
    </Suspense>
  );
}
