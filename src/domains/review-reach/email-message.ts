// A review message as email: a plain text part and an accessible HTML part with the same
// content (message-content.ts). The HTML has a language, a title, headings in order, a table
// of the key fields with row headers, real links whose text says the decision, and inline
// styles only: no images, no scripts, nothing loaded from elsewhere.
import type { TMessageContent } from "./message-content.ts";

export type TEmail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

const TRUNCATED_NOTE = "The proposed output is longer than this message shows: the review page has all of it.";

function textPart(content: TMessageContent): string {
  const lines = [
    content.title,
    "",
    content.lead,
    "",
    `Task: ${content.task}`,
    `Agent: ${content.agent}`,
    `Reason: ${content.reason}`,
    ...(content.round > 0 ? [`Review round: ${content.round}`] : []),
    `Due: ${content.due}`,
    ...content.keyFields.map((field) => `${field.label}: ${field.value}`),
    "",
    "Proposed output:",
    content.proposedOutput,
    ...(content.outputTruncated ? ["", TRUNCATED_NOTE] : []),
    "",
    "Decide (each link opens the review page; nothing is decided until you confirm there):",
    ...content.links.map((link) => `- ${link.label}: ${link.url}`),
  ];
  return `${lines.join("\n")}\n`;
}

const CELL = "padding:6px 12px 6px 0;text-align:left;vertical-align:top;border-bottom:1px solid #d0d7de";
const BUTTON =
  "display:inline-block;margin:0 8px 8px 0;padding:10px 16px;border-radius:6px;background:#0b57d0;color:#ffffff;font-weight:600;text-decoration:underline";

function htmlPart(content: TMessageContent): string {
  const rows: [string, string][] = [
    ["Task", content.task],
    ["Agent", content.agent],
    ["Reason", content.reason],
    ...(content.round > 0 ? ([["Review round", String(content.round)]] as [string, string][]) : []),
    ["Due", content.due],
    ...content.keyFields.map((field): [string, string] => [field.label, field.value]),
  ];
  const table = rows
    .map(([label, value]) => `<tr><th scope="row" style="${CELL};font-weight:600">${escapeHtml(label)}</th><td style="${CELL}">${escapeHtml(value)}</td></tr>`)
    .join("\n");
  const links = content.links
    .map((link) => `<li style="display:inline"><a href="${escapeHtml(link.url)}" style="${BUTTON}">${escapeHtml(link.label)}</a></li>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2328;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5">
<main style="max-width:640px">
<h1 style="font-size:22px;margin:0 0 8px">${escapeHtml(content.title)}</h1>
<p style="margin:0 0 16px">${escapeHtml(content.lead)}</p>
<h2 style="font-size:18px;margin:16px 0 8px">Details</h2>
<table role="table" style="border-collapse:collapse;width:100%">
<caption style="text-align:left;padding:0 0 4px;color:#59636e">What waits for a decision</caption>
<tbody>
${table}
</tbody>
</table>
<h2 style="font-size:18px;margin:16px 0 8px">Proposed output</h2>
<pre style="margin:0;padding:12px;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;white-space:pre-wrap;word-break:break-word;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px">${escapeHtml(content.proposedOutput)}</pre>
${content.outputTruncated ? `<p style="margin:8px 0 0;color:#59636e">${escapeHtml(TRUNCATED_NOTE)}</p>` : ""}
<h2 style="font-size:18px;margin:16px 0 8px">Decide</h2>
<p style="margin:0 0 8px">Each link opens the review page with that decision chosen; nothing is decided until you confirm there.</p>
<ul style="list-style:none;margin:0;padding:0">
${links}
</ul>
</main>
</body>
</html>
`;
}

export function composeEmail(content: TMessageContent): TEmail {
  return { subject: content.title, text: textPart(content), html: htmlPart(content) };
}
