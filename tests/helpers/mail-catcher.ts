// A real local SMTP server (the edge of the world) that keeps every message it accepts,
// parsed with mailparser. Plain SMTP on 127.0.0.1 (no STARTTLS, any or no login), so a server
// under test reaches it with SMTP_URL=smtp://127.0.0.1:<port>. It can refuse mail for a while
// (`refuse(451)`: a temporary no, `refuse(550)`: a final one) or be stopped and started again
// on the same port (SMTP down, then back).
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { waitUntil } from "./waiting.ts";

export type TCaughtMail = { to: string[]; from: string; parsed: ParsedMail; raw: string };

export type TMailCatcher = {
  port: number;
  /** SMTP_URL for the server under test. */
  url: string;
  messages: TCaughtMail[];
  /** Answers every RCPT TO with this code (4xx or 5xx) until `refuse(null)`. */
  refuse: (code: number | null) => void;
  /** Waits until a message matching `predicate` arrived; answers it. */
  waitFor: (predicate: (mail: TCaughtMail) => boolean, what: string, timeoutMs?: number) => Promise<TCaughtMail>;
  /** Messages to one address. */
  to: (address: string) => TCaughtMail[];
  /** Stops listening (connections are refused) until `start()`. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
};

export async function startMailCatcher(): Promise<TMailCatcher> {
  const messages: TCaughtMail[] = [];
  let refusal: number | null = null;
  let server: SMTPServer | undefined;
  let port = 0;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refusal === null) return callback();
        callback(Object.assign(new Error(refusal >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: refusal }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw).then(
            (parsed) => {
              messages.push({
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                parsed,
                raw,
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
    });
    port = (listening.server.address() as AddressInfo).port;
  };

  const stop = async () => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (code) => {
      refusal = code;
    },
    waitFor: (predicate, what, timeoutMs = 30_000) =>
      waitUntil(() => messages.find(predicate), { what, timeoutMs }) as Promise<TCaughtMail>,
    to: (address) => messages.filter((mail) => mail.to.includes(address)),
    stop,
    start: listen,
  };
}
