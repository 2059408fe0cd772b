// A review message as a Slack-compatible Block Kit message (Slack, Mattermost, Rocket.Chat
// incoming webhooks): a header, the details as section fields, the proposed output as a code
// block, and a link button per decision, with a plain `text` for notifications and clients
// that show no blocks. Block Kit's own limits are kept (header 150 characters, a section's
// text 3000, 10 fields of 2000).
import type { TMessageContent } from "./message-content.ts";

/** Slack's mrkdwn treats only these three as control characters (its "Escaping text"). */
export const escapeMrkdwn = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

const HEADER_LIMIT = 150;
const FIELD_LIMIT = 2000;
const MAX_FIELDS = 10;
/** Room in a 3000-character section for the code fences, the heading and the cut note. */
const CODE_LIMIT = 2600;

type TBlock = Record<string, unknown>;
export type TChatMessage = { text: string; blocks: TBlock[] };

const field = (label: string, value: string) => ({ type: "mrkdwn", text: clip(`*${escapeMrkdwn(label)}*\n${escapeMrkdwn(value)}`, FIELD_LIMIT) });

export function composeChatMessage(content: TMessageContent): TChatMessage {
  const fields = [
    field("Agent", content.agent),
    field("Due", content.due),
    field("Reason", content.reason),
    ...(content.round > 0 ? [field("Review round", String(content.round))] : []),
    ...content.keyFields.map((keyField) => field(keyField.label, keyField.value)),
  ].slice(0, MAX_FIELDS);
  // Three backticks inside the output would end the code block early: a zero-width space breaks them.
  const code = escapeMrkdwn(content.proposedOutput.slice(0, CODE_LIMIT)).replace(/```/g, "``\u200b`");
  const cut = content.outputTruncated || content.proposedOutput.length > CODE_LIMIT;
  const blocks: TBlock[] = [
    { type: "header", text: { type: "plain_text", text: clip(content.title, HEADER_LIMIT), emoji: false } },
    { type: "section", text: { type: "mrkdwn", text: clip(`${escapeMrkdwn(content.lead)}\n*Task:* ${escapeMrkdwn(content.task)}`, 3000) } },
    { type: "section", fields },
    {
      type: "section",
      text: { type: "mrkdwn", text: `*Proposed output*\n\`\`\`${code}\`\`\`${cut ? "\n_Cut short: the review page shows all of it._" : ""}` },
    },
    {
      type: "actions",
      elements: content.links.map((link) => ({
        type: "button",
        action_id: link.action,
        text: { type: "plain_text", text: link.label, emoji: false },
        url: link.url,
        ...(link.action === "approve" ? { style: "primary" } : link.action === "reject" ? { style: "danger" } : {}),
      })),
    },
    { type: "context", elements: [{ type: "mrkdwn", text: "Each button opens the review page with that decision chosen; nothing is decided until you confirm there." }] },
  ];
  return { text: escapeMrkdwn(`${content.title}: ${clip(content.task, 200)} (due ${content.due})`), blocks };
}
