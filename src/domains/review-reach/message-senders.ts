// Sending one review message: email through the operator's SMTP server (SMTP_URL, From
// SMTP_FROM; nodemailer), chat as a JSON POST to the recipient's incoming-webhook URL through
// the SSRF-safe egress (https only, checked addresses; src/foundation/egress.ts). Each waits
// at most 10 s. A failure is answered as a short reason a person can act on, never with the
// SMTP credentials or the chat URL (both are secrets), and says whether trying again can help.
import { createTransport } from "nodemailer";
import { isAddressNotAllowed, readExcerpt, webhookEgressFetch } from "../../foundation/egress.ts";
import { env } from "../../foundation/env.ts";
import type { TChatMessage } from "./chat-message.ts";
import type { TEmail } from "./email-message.ts";

export const SEND_TIMEOUT_MS = 10_000;
const RESPONSE_READ_BYTES = 1024;
const REASON_LIMIT = 300;

/** `permanent`: the same message to the same place will fail again (stop retrying). */
export type TSendResult = { sent: true } | { sent: false; reason: string; permanent: boolean };

const clip = (text: string) => (text.length > REASON_LIMIT ? `${text.slice(0, REASON_LIMIT - 1)}…` : text);

type TSmtpError = Error & { code?: string; responseCode?: number; response?: string };

/** A mail server's answer or a connection failure in words, without the server's URL. */
function describeSmtpError(error: TSmtpError): { reason: string; permanent: boolean } {
  if (error.responseCode) {
    const answer = (error.response ?? "").replace(/\s+/g, " ").trim();
    // 5xx is the server's final no (RFC 5321 §4.2.1); 4xx asks to try again later.
    return { reason: clip(`Mail server answered ${error.responseCode}: ${answer}`), permanent: error.responseCode >= 500 };
  }
  if (error.code === "EAUTH") return { reason: "Mail server refused the login of SMTP_URL (EAUTH)", permanent: false };
  if (error.code === "ETIMEDOUT") return { reason: `Mail server did not answer within ${SEND_TIMEOUT_MS / 1000} s (ETIMEDOUT)`, permanent: false };
  if (error.code === "ESOCKET" || error.code === "ECONNECTION" || error.code === "EDNS") {
    return { reason: `Could not reach the mail server (${error.code})`, permanent: false };
  }
  return { reason: clip(`Mail not sent: ${error.code ?? error.name}`), permanent: false };
}

export async function sendEmail(to: string, email: TEmail): Promise<TSendResult> {
  const settings = env();
  if (!settings.SMTP_URL) return { sent: false, reason: "Email is not configured: the operator sets SMTP_URL on the service", permanent: true };
  // Timeouts apply where SMTP_URL's query does not set them; one connection per message.
  const transport = createTransport({
    url: settings.SMTP_URL,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: settings.SMTP_FROM, to, subject: email.subject, text: email.text, html: email.html });
    return { sent: true };
  } catch (error) {
    return { sent: false, ...describeSmtpError(error as TSmtpError) };
  } finally {
    transport.close();
  }
}


const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "Connection refused by the chat webhook",
  ECONNRESET: "Connection reset by the chat webhook",
  ENOTFOUND: "The chat webhook's host name does not resolve",
  EAI_AGAIN: "The chat webhook's host name could not be resolved (DNS)",
  UND_ERR_SOCKET: "Connection closed by the chat webhook before a complete answer",
  UND_ERR_CONNECT_TIMEOUT: "Could not connect to the chat webhook in time",
};

function describeChatFailure(error: unknown, timedOut: boolean): { reason: string; permanent: boolean } {
  if (isAddressNotAllowed(error)) return { reason: "Address not allowed: the chat webhook's host is not a public address (ADDRESS_NOT_ALLOWED)", permanent: true };
  if (timedOut) return { reason: `The chat webhook did not answer within ${SEND_TIMEOUT_MS / 1000} s`, permanent: false };
  const code = (error as { cause?: { code?: string } }).cause?.code;
  if (code && NETWORK_CODES[code]) return { reason: `${NETWORK_CODES[code]} (${code})`, permanent: false };
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME/.test(code)) return { reason: `TLS with the chat webhook failed (${code})`, permanent: false };
  return { reason: code ? `Could not post to the chat webhook (${code})` : "Could not post to the chat webhook", permanent: false };
}

export async function postChatMessage(url: string, message: TChatMessage): Promise<TSendResult> {
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  try {
    const response = await webhookEgressFetch()(url, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "AgentWorkforce-ReviewMessages/1" },
      body: JSON.stringify(message),
      redirect: "manual",
      signal,
    });
    const answer = (await readExcerpt(response.body, RESPONSE_READ_BYTES)).replace(/\s+/g, " ").trim();
    if (response.status >= 200 && response.status < 300) return { sent: true };
    // 4xx (a revoked webhook, a refused payload) will answer the same again; 408 and 429 ask to wait.
    const permanent = response.status >= 300 && response.status < 500 && response.status !== 408 && response.status !== 429;
    const words = response.status >= 300 && response.status < 400 ? " (redirects are not followed)" : answer ? `: ${answer}` : "";
    return { sent: false, reason: clip(`The chat webhook answered HTTP ${response.status}${words}`), permanent };
  } catch (error) {
    return { sent: false, ...describeChatFailure(error, signal.aborted) };
  }
}
