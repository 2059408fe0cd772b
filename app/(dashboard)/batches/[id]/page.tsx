import { BatchDetail } from "@/dashboard/batches/batch-detail";

export const metadata = { title: "Batch · Agent Workforce" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchDetail batchId={id} />;
}
