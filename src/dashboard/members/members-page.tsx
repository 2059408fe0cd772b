"use client";
// Members (admins only): who belongs to the organization, their roles, pending invitations,
// inviting and removing people, and the organization's review due time.
import { AdminOnly } from "../shell/admin-only";
import { PageHeader } from "../shell/dashboard-shell";
import { InvitationsTable } from "./invitations-table";
import { InviteMemberForm } from "./invite-member-form";
import { MembersTable } from "./members-table";
import { ReviewSettingsForm } from "./review-settings-form";
import { SpotCheckRatesForm } from "./spot-check-rates-form";
import { ApSettingsForm } from "./ap-settings-form";

export function MembersPage() {
  return (
    <>
      <PageHeader title="Members" description="The people who can sign in to this organization, and what each may do." />
      <AdminOnly message="Only admins manage members">
        <div className="grid gap-6">
          <section className="grid gap-2" aria-labelledby="members-heading">
            <h2 id="members-heading" className="font-semibold">
              People
            </h2>
            <MembersTable />
          </section>
          <section className="grid gap-2" aria-labelledby="invitations-heading">
            <h2 id="invitations-heading" className="font-semibold">
              Pending invitations
            </h2>
            <InvitationsTable />
          </section>
          <InviteMemberForm />
          <ReviewSettingsForm />
          <SpotCheckRatesForm />
          <ApSettingsForm />
        </div>
      </AdminOnly>
    </>
  );
}
