// A 404 inside the dashboard's frame: the navigation stays, and the way back is offered.
import Link from "next/link";
import { PageHeader } from "./dashboard-shell";

export function PageNotFound() {
  return (
    <div className="grid min-w-0 gap-4">
      <PageHeader title="Page not found" description="No dashboard page has this address. It may have moved, or the link is mistyped." />
      <p className="text-sm">
        <Link href="/runs" className="font-medium underline underline-offset-4">
          Go to runs
        </Link>{" "}
        or{" "}
        <Link href="/triage" className="font-medium underline underline-offset-4">
          the triage queue
        </Link>
        , or choose a page from the navigation.
      </p>
    </div>
  );
}
