import { MembersPage } from "@/dashboard/members/members-page";

export const metadata = { title: "Members · Agent Workforce" };

export default function Page() {
  return <MembersPage />;
}
