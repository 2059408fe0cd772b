import { WebhooksPage } from "@/dashboard/webhooks/webhooks-page";

export const metadata = { title: "Webhooks · Agent Workforce" };

export default function Page() {
  return <WebhooksPage />;
}
