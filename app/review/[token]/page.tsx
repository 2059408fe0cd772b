// A signed decision link's page (docs/api-conventions.md, "Signed decision links"): open to
// whoever holds the link (the token is the credential). It reads no session and sets no
// cookie; a GET shows the item and never decides (a mail scanner following the link changes
// nothing). The form posts to ./decide.
import { notFound } from "next/navigation";
import { readReviewPage } from "@/domains/review-links/review-page";
import { ReviewLinkPage } from "@/dashboard/review-link/review-link-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Review · Agent Workforce", robots: { index: false, follow: false }, referrer: "no-referrer" };

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export default async function Page({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await params;
  const query = await searchParams;
  const page = await readReviewPage(token);
  if (!page) notFound();
  return (
    <ReviewLinkPage
      page={page}
      token={token}
      action={one(query.action)}
      message={{ done: one(query.done), error: one(query.error)?.slice(0, 500), field: one(query.field) }}
    />
  );
}
