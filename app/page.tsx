import Link from "next/link";
import { redirect } from "next/navigation";
import { currentUser } from "./_lib/current-user";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  if (await currentUser()) redirect("/triage");
  return (
    <main className="mx-auto max-w-2xl p-8 leading-relaxed">
      <h1 className="text-2xl font-semibold">Agent Workforce</h1>
      <p className="mt-2">Start agent runs over HTTP, follow them, and review what the agents are unsure of.</p>
      <p className="mt-4">
        <Link href="/sign-in" className="font-medium underline">
          Sign in to the dashboard
        </Link>
      </p>
      <ul className="mt-4 list-disc pl-6">
        <li>
          <a className="underline" href="/v1/health">/v1/health</a> — service status
        </li>
        <li>
          <a className="underline" href="/v1/openapi.json">/v1/openapi.json</a> — the API contract (OpenAPI 3)
        </li>
        <li>
          <a className="underline" href="/docs">/docs</a> — interactive API reference
        </li>
      </ul>
    </main>
  );
}
