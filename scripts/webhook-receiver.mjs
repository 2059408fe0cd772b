#!/usr/bin/env node
// A local HTTPS receiver for trying webhooks (README, "Try webhooks locally"). Prints every
// delivery and, when WEBHOOK_SECRET is set, checks its Standard Webhooks signature with the
// `standardwebhooks` library, as a receiver in production would.
//   node scripts/webhook-receiver.mjs <cert.pem> <key.pem> [port=8443]
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { Webhook } from "standardwebhooks";

const [certPath, keyPath, port = "8443"] = process.argv.slice(2);
if (!certPath || !keyPath) {
  console.error("usage: node scripts/webhook-receiver.mjs <cert.pem> <key.pem> [port]");
  process.exit(2);
}
const verifier = process.env.WEBHOOK_SECRET ? new Webhook(process.env.WEBHOOK_SECRET) : undefined;

const server = createServer({ cert: readFileSync(certPath), key: readFileSync(keyPath) }, (req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    let verdict = "signature not checked (set WEBHOOK_SECRET)";
    if (verifier) {
      try {
        verifier.verify(body, req.headers);
        verdict = "signature valid";
      } catch (error) {
        verdict = `signature INVALID: ${error.message}`;
      }
    }
    console.log(`${req.method} ${req.url} ${req.headers["x-service-event"] ?? ""} ${req.headers["webhook-id"] ?? ""} (${verdict})`);
    console.log(body);
    res.writeHead(204).end();
  });
});
server.listen(Number(port), "127.0.0.1", () => console.log(`receiving on https://localhost:${port}/`));
