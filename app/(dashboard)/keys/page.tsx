import { KeysPage } from "@/dashboard/keys/keys-page";

export const metadata = { title: "API keys · Agent Workforce" };

export default function Page() {
  return <KeysPage />;
}
