// A signed decision link for tests of the review page, written as the messages' minting
// (src/domains/review-reach/review-links.ts) stores one: a random token, only its SHA-256 in
// review_links. Tests that do not send messages get their link here (vitest passes
// inject("databaseUrl"), Playwright E2E_DATABASE_URL).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { withDatabase } from "./database.ts";

export type TSeededLink = { token: string; linkId: string };

export async function seedReviewLink(
  databaseUrl: string,
  triageItemId: string,
  options: { channel?: "email" | "chat"; recipient?: string; expiresAt?: Date } = {},
): Promise<TSeededLink> {
  const token = `rvl_${randomBytes(32).toString("base64url")}`;
  const linkId = randomUUID();
  const channel = options.channel ?? "email";
  await withDatabase(databaseUrl, (client) =>
    client.query(
      `INSERT INTO review_links (id, organization_id, livemode, triage_item_id, token_hash, channel, recipient, expires_at)
       SELECT $1, organization_id, livemode, id, $2, $3, $4, $5 FROM triage_items WHERE id = $6`,
      [
        linkId,
        createHash("sha256").update(token).digest("hex"),
        channel,
        options.recipient ?? (channel === "email" ? "controller@example.test" : "https://hooks.example.test/services/••••3xQz"),
        options.expiresAt ?? new Date(Date.now() + 3_600_000),
        triageItemId,
      ],
    ),
  );
  return { token, linkId };
}
