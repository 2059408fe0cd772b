import { BatchesList } from "@/dashboard/batches/batches-list";

export const metadata = { title: "Batches · Agent Workforce" };

export default function Page() {
  return <BatchesList />;
}
