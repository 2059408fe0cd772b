// The `…_by_actor` contract beside every `…_by` label (src/domains/auth/actors.ts resolves it).
import { z } from "zod";

/** `link` is reserved for signed decision links (a decision made without signing in). */
export const ACTOR_TYPES = ["member", "api_key", "link"] as const;
export type TActorType = (typeof ACTOR_TYPES)[number];

export const ZActor = z
  .object({
    type: z.enum(ACTOR_TYPES),
    id: z.string().meta({ description: "The member's, API key's or link's id (the part of the `…_by` label after the colon)." }),
    name: z.string().meta({ description: "For people: the member's name, or \"API key 'laptop' (Ada Admin)\" for a key and its creator." }),
    channel: z.enum(["email", "chat"]).optional().meta({ description: "`link` only: the message the signed link came in." }),
    recipient: z.string().optional().meta({ description: "`link` only: the address, or the chat webhook URL masked, the link was sent to." }),
  })
  .meta({ description: "Who did it, by name; null when nobody did (yet)." });
export type TActor = z.infer<typeof ZActor>;
