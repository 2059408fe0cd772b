import { ReviewRoutingPage } from "@/dashboard/review-routing/review-routing-page";

export const metadata = { title: "Review routing · Agent Workforce" };

export default function Page() {
  return <ReviewRoutingPage />;
}
