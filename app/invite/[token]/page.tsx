// An invitation link: open to anyone holding it (the token is the credential); the page asks
// the invited person to sign in or create their account, then to accept.
import { InvitePage } from "@/dashboard/invitations/invite-page";
import { DashboardProviders } from "@/dashboard/trpc";
import { currentUser } from "../../_lib/current-user";

export const dynamic = "force-dynamic";
export const metadata = { title: "Invitation · Agent Workforce" };

export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await currentUser();
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <DashboardProviders>
        <InvitePage token={token} signedInAs={user ? { email: user.email, name: user.name } : null} />
      </DashboardProviders>
    </main>
  );
}
