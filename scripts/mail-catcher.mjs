#!/usr/bin/env node
// A local mail catcher for trying review emails (README, "Reaching reviewers by email and
// chat"), for when maildev cannot be fetched: an SMTP server that takes every message, with
// no sign-in and no TLS (for this machine only), prints who it is for, its subject and its
// plain-text part, and keeps each message as <dir>/<n>.txt (headers, text) and <n>.html.
//   node scripts/mail-catcher.mjs [port=1025] [dir=.data/mail]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const [port = "1025", dir = ".data/mail"] = process.argv.slice(2);
mkdirSync(dir, { recursive: true });
let received = 0;

const server = new SMTPServer({
  authOptional: true,
  // Without STARTTLS a sender does not try to upgrade to a certificate nobody trusts.
  disabledCommands: ["STARTTLS"],
  banner: "mail-catcher",
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received += 1;
        const to = session.envelope.rcptTo.map((each) => each.address).join(", ");
        const head = `From: ${mail.from?.text ?? ""}\nTo: ${to}\nSubject: ${mail.subject ?? ""}\n\n`;
        writeFileSync(path.join(dir, `${received}.txt`), `${head}${mail.text ?? ""}`);
        if (mail.html) writeFileSync(path.join(dir, `${received}.html`), mail.html);
        console.log(`--- message ${received} (${path.join(dir, `${received}.txt`)})\n${head}${mail.text ?? ""}`);
        callback();
      })
      .catch(callback);
  },
});
server.on("error", (error) => console.error(`mail-catcher: ${error.message}`));
server.listen(Number(port), "127.0.0.1", () => console.log(`catching mail on smtp://127.0.0.1:${port}, kept in ${dir}/`));
