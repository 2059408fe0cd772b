// Signed decision links (docs/api-conventions.md, "Signed decision links"): a random token of
// 256 bits in the URL, only its SHA-256 stored, bound to one item and one recipient. Minted
// when a message is composed, inside the attempt that sends it, so the token exists only in
// the message (never in a job's saved step results).
import { createHash, randomBytes } from "node:crypto";
import { env } from "../../foundation/env.ts";
import { db } from "../../foundation/db/client.ts";
import type { TChannel } from "./review-reach.schemas.ts";

const TOKEN_PREFIX = "rvl_";

export const hashReviewToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** Whether `token` has the shape of a link token (checked before any lookup). */
export const isReviewTokenShaped = (token: string): boolean => /^rvl_[A-Za-z0-9_-]{43}$/.test(token);

/** The origin links point at: PUBLIC_BASE_URL, else the local server. */
export function reviewLinkOrigin(): string {
  const settings = env();
  return settings.PUBLIC_BASE_URL ? new URL(settings.PUBLIC_BASE_URL).origin : `http://localhost:${settings.PORT}`;
}

export const reviewLinkUrl = (token: string): string => `${reviewLinkOrigin()}/review/${token}`;

type TLinkFor = {
  organizationId: string;
  livemode: boolean;
  triageItemId: string;
  notificationId: string | null;
  channel: TChannel;
  /** As people read it: the address, or the chat URL masked. */
  recipient: string;
  /** When the item opened: the link expires REVIEW_LINK_TTL_HOURS after. */
  openedAt: Date;
};

/** Stores a new link's hash and answers its URL (the only place the token exists). */
export async function mintReviewLink(link: TLinkFor): Promise<{ id: string; url: string; expiresAt: Date }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(link.openedAt.getTime() + env().REVIEW_LINK_TTL_HOURS * 3_600_000);
  const { openedAt: _openedAt, ...fields } = link;
  const stored = await db().reviewLink.create({ data: { ...fields, tokenHash: hashReviewToken(token), expiresAt }, select: { id: true } });
  return { id: stored.id, url: reviewLinkUrl(token), expiresAt };
}
