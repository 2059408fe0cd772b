// Who did something, by name. Decisions, claims and agent versions record their actor as a
// label ("member:<id>" or "api_key:<id>", src/domains/auth/tenant.ts) that programs compare;
// people read `…_by_actor` beside it: the member's name, or the key's name with its
// creator's ("API key 'laptop' (Ada Admin)"). Names are looked up when a response is built
// (so a renamed person shows their name now), in one statement per response however many
// rows it has (docs/api-conventions.md, "Actors").
import { sqlQuery } from "../../foundation/db/client.ts";
import type { TPrincipal } from "./authenticate.ts";
import type { TActor, TActorType } from "./actors.schemas.ts";


const LABEL = /^(member|api_key|link):(.+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseActorLabel(label: string): { type: TActorType; id: string } | null {
  const match = LABEL.exec(label);
  return match ? { type: match[1] as TActorType, id: match[2]! } : null;
}

/** "API key 'laptop' (Ada Admin)"; without the parentheses for a key nobody created (the operator's). */
export function apiKeyActorName(keyName: string, creatorName: string | null): string {
  return creatorName ? `API key '${keyName}' (${creatorName})` : `API key '${keyName}'`;
}

// Members, keys and signed decision links of the organization among the ids asked for, with
// the names to show. A link's decider is named by the name they entered (recorded with the
// decision); the link gives the channel and the recipient (already masked for chat).
const ACTORS_BY_ID = `
  SELECT 'member' AS type, m.id::text AS id, u.name AS "personName", NULL AS "keyName", NULL AS channel, NULL AS recipient
  FROM members m JOIN users u ON u.id = m.user_id
  WHERE m.organization_id = $1::uuid AND m.id = ANY($2::uuid[])
  UNION ALL
  SELECT 'api_key', k.id::text, u.name, k.name, NULL, NULL
  FROM api_keys k LEFT JOIN members m ON m.id = k.created_by LEFT JOIN users u ON u.id = m.user_id
  WHERE k.organization_id = $1::uuid AND k.id = ANY($3::uuid[])
  UNION ALL
  SELECT 'link', l.id::text, NULL, NULL, l.channel, l.recipient
  FROM review_links l
  WHERE l.organization_id = $1::uuid AND l.id = ANY($4::uuid[])`;

type TActorRow = { type: TActorType; id: string; personName: string | null; keyName: string | null; channel: string | null; recipient: string | null };

/** Runs the lookup; inside a transaction, pass its client so the lookup needs no second connection. */
export type TActorReader = { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> };

/**
 * The actors behind `labels`, keyed by label, in one statement. A label whose member or key
 * is gone (a member who left) falls back to `fallbackNames` (the name recorded with the
 * decision or claim), then to the label itself; a label of no known form has no actor.
 */
export async function resolveActors(
  organizationId: string,
  labels: Iterable<string | null | undefined>,
  fallbackNames: ReadonlyMap<string, string | null | undefined> = new Map(),
  reader?: TActorReader,
): Promise<Map<string, TActor>> {
  const parsed = new Map<string, { type: TActorType; id: string }>();
  for (const label of labels) {
    if (!label || parsed.has(label)) continue;
    const actor = parseActorLabel(label);
    if (actor) parsed.set(label, actor);
  }
  const idsOf = (type: TActorType) => [...parsed.values()].filter((actor) => actor.type === type && UUID.test(actor.id)).map((actor) => actor.id);
  const memberIds = idsOf("member");
  const keyIds = idsOf("api_key");
  const linkIds = idsOf("link");
  const values = [organizationId, memberIds, keyIds, linkIds];
  const rows =
    memberIds.length + keyIds.length + linkIds.length === 0
      ? []
      : reader
        ? await reader.$queryRawUnsafe<TActorRow[]>(ACTORS_BY_ID, ...values)
        : await sqlQuery<TActorRow>(ACTORS_BY_ID, values, "actors-by-id");
  const found = new Map(rows.map((row) => [`${row.type}:${row.id}`, row]));
  const actors = new Map<string, TActor>();
  for (const [label, actor] of parsed) {
    const row = found.get(`${actor.type}:${actor.id.toLowerCase()}`);
    if (row?.type === "link") {
      const name = fallbackNames.get(label) ?? row.recipient ?? label;
      actors.set(label, { type: "link", id: actor.id, name, channel: row.channel as "email" | "chat", recipient: row.recipient ?? "" });
      continue;
    }
    const named = row ? (row.type === "member" ? row.personName! : apiKeyActorName(row.keyName!, row.personName)) : null;
    actors.set(label, { type: actor.type, id: actor.id, name: named ?? fallbackNames.get(label) ?? label });
  }
  return actors;
}

/** The actor for `label`, or null (nobody). */
export const actorOf = (actors: ReadonlyMap<string, TActor>, label: string | null | undefined): TActor | null =>
  (label && actors.get(label)) || null;

/** The calling principal as an actor (a decision's response names who just made it). */
export async function principalActor(principal: TPrincipal): Promise<TActor> {
  const actors = await resolveActors(principal.organizationId, [principal.actor.id], new Map([[principal.actor.id, principal.actor.name]]));
  return actors.get(principal.actor.id)!;
}
