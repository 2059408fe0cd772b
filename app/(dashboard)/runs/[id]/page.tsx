import { RunDetail } from "@/dashboard/runs/run-detail";

export const metadata = { title: "Run · Agent Workforce" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <RunDetail runId={id} />;
}
