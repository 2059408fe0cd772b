// A decision through a signed link (docs/api-conventions.md, "Signed decision links"): the
// page's form post, turned into the same call the API makes (resolveTriageItem,
// requestChanges, recordVerdict) on behalf of a link principal, so runs, webhooks, claims,
// quality and resolution are the same. A link that is unknown, expired, used, or whose item
// was decided changes nothing.
import { z } from "zod";
import { AppError, validationError } from "../../foundation/errors.ts";
import { db } from "../../foundation/db/client.ts";
import { REJECT_REASON_CODES } from "../runs/runs.schemas.ts";
import { activeClaim } from "../runs/serializers.ts";
import { resolveActors, actorOf } from "../auth/actors.ts";
import { resolveTriageItem } from "../triage/triage.service.ts";
import { requestChanges } from "../reviews/request-changes.service.ts";
import { recordVerdict } from "../reviews/spot-checks.ts";
import { findLinkByToken, linkState, readableTime, SAMPLE_TOKEN } from "./review-page.ts";
import { linkPrincipal } from "./link-principal.ts";

export const LINK_ACTIONS = ["approve", "edit", "reject", "request_changes", "correct", "incorrect"] as const;
export type TLinkAction = (typeof LINK_ACTIONS)[number];

const jsonObjectText = (field: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      if (text === "") return undefined;
      try {
        const value: unknown = JSON.parse(text);
        if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
      } catch {
        // reported below
      }
      context.addIssue({ code: "custom", message: `${field} must be a JSON object` });
      return z.NEVER;
    })
    .optional();

/** The form the page posts (application/x-www-form-urlencoded, every value a string). */
export const ZLinkDecisionForm = z.object({
  action: z.enum(LINK_ACTIONS, { error: "Choose a decision" }),
  name: z.string().trim().max(100, "Your name must be at most 100 characters").optional(),
  note: z.string().trim().max(5000, "The note must be at most 5000 characters").optional(),
  reason_code: z.enum(REJECT_REASON_CODES, { error: "Choose a reason" }).optional(),
  feedback: z.string().trim().max(4000, "Feedback must be at most 4000 characters").optional(),
  output: jsonObjectText("The output"),
  data_patch: jsonObjectText("The data patch"),
  force: z.enum(["1", "true", "on"]).optional(),
});
export type TLinkDecisionForm = z.input<typeof ZLinkDecisionForm>;

/** What the page says after a post: what was done, or why nothing was (and which field). */
export type TLinkDecisionResult = { ok: true; done: string } | { ok: false; message: string; field?: string; status: number };

const refused = (message: string, status = 409, field?: string): TLinkDecisionResult => ({ ok: false, message, status, ...(field ? { field } : {}) });

/** The decision the form asks for, made through the link behind `token`. */
export async function decideThroughLink(token: string, form: Record<string, string | undefined>): Promise<TLinkDecisionResult> {
  const parsed = ZLinkDecisionForm.safeParse(form);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return refused(issue?.message ?? "The form is not complete", 400, issue?.path.join(".") || undefined);
  }
  const input = parsed.data;
  if (token === SAMPLE_TOKEN) return { ok: true, done: "sample" };
  const link = await findLinkByToken(token);
  if (!link) return refused("This link is not known: it may have been mistyped", 404);
  const item = link.triageItem;
  const state = linkState(link, item.status);
  if (state === "decided") return refused(`This item was already ${item.status}`);
  if (state === "used") return refused("A decision was already made through this link");
  if (state === "expired") return refused(`This link expired at ${readableTime(link.expiresAt)}`, 410);

  const name = input.name || (link.channel === "email" ? link.recipient : "");
  if (!name) return refused("Enter your name: it is recorded with your decision", 400, "name");
  const force = input.force !== undefined;
  const claim = activeClaim(item);
  if (claim.claimed_by && !force) {
    const actors = await resolveActors(link.organizationId, [claim.claimed_by], new Map([[claim.claimed_by, claim.claimed_by_name]]));
    const holder = actorOf(actors, claim.claimed_by)?.name ?? "Someone";
    return refused(`${holder} is reviewing this until ${readableTime(claim.claimed_until!)}. Choose “Decide anyway” to decide all the same.`, 409, "force");
  }
  const spotCheck = item.kind === "spot_check";
  if (spotCheck !== (input.action === "correct" || input.action === "incorrect")) {
    return refused(spotCheck ? "This is a spot check: say whether the output was correct" : "Choose approve, edit, reject or request changes", 400, "action");
  }
  const principal = await linkPrincipal(link, name);
  try {
    const done = await decide(principal, item.id, input, force);
    await db().reviewLink.updateMany({ where: { id: link.id, usedAt: null }, data: { usedAt: new Date() } });
    return { ok: true, done };
  } catch (error) {
    if (error instanceof AppError) {
      const issues = (error.details as { issues?: { path: string }[] }).issues;
      return refused(error.message, error.status, issues?.[0]?.path);
    }
    throw error;
  }
}

const missing = (path: string, message: string) => validationError(message, [{ path, message }]);

type TParsed = z.output<typeof ZLinkDecisionForm>;

async function decide(principal: Awaited<ReturnType<typeof linkPrincipal>>, itemId: string, input: TParsed, force: boolean): Promise<string> {
  switch (input.action) {
    case "approve":
    case "edit": {
      if (input.action === "edit" && !input.output) throw missing("output", "Enter the edited output");
      const { data } = await resolveTriageItem(principal, itemId, { approve: true, note: input.note || undefined, output: input.action === "edit" ? input.output : undefined, force });
      return data.status === "pending" ? "pending" : "approved";
    }
    case "reject":
      if (!input.reason_code) throw missing("reason_code", "Choose a reason");
      await resolveTriageItem(principal, itemId, { approve: false, note: input.note || undefined, reasonCode: input.reason_code, force });
      return "rejected";
    case "request_changes":
      if (!input.feedback) throw missing("feedback", "Say what should change");
      await requestChanges(principal, itemId, { feedback: input.feedback, data_patch: input.data_patch, force });
      return "changes_requested";
    case "correct":
    case "incorrect":
      await recordVerdict(principal, itemId, { verdict: input.action, corrected_output: input.action === "incorrect" ? input.output : undefined, note: input.note || undefined, force });
      return "checked";
  }
}
