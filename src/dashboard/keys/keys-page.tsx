"use client";
// API keys (admins only): create one (shown once), list them by prefix, revoke.
import { useState } from "react";
import { AdminOnly } from "../shell/admin-only";
import { PageHeader } from "../shell/dashboard-shell";
import { useSession } from "../shell/session-context";
import { SecretOnceDialog } from "../ui/secret-once-dialog";
import { CreateKeyForm } from "./create-key-form";
import { KeysTable } from "./keys-table";

export function KeysPage() {
  const { mode } = useSession().current;
  return (
    <>
      <PageHeader title="API keys" description={`Keys for the /v1 API in ${mode} mode. Only their prefixes are kept visible here.`} />
      <AdminOnly message="Only admins manage API keys">
        <KeysAdmin />
      </AdminOnly>
    </>
  );
}

function KeysAdmin() {
  // The plaintext key lives only here, until the dialog closes.
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  return (
    <div className="grid gap-6">
      <CreateKeyForm onCreated={setCreated} />
      <section className="grid gap-2" aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="font-semibold">
          Keys
        </h2>
        <KeysTable />
      </section>
      <SecretOnceDialog
        secret={created?.key ?? null}
        title={created ? `API key “${created.name}” created` : "API key created"}
        description="Use it as Authorization: Bearer <key> on the /v1 API."
        onClose={() => setCreated(null)}
      />
    </div>
  );
}
