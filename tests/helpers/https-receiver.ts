// A real local HTTPS webhook receiver (the edge of the world), with a self-signed
// certificate the server under test trusts through NODE_EXTRA_CA_CERTS.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export type TCertificate = { certPath: string; keyPath: string };

/** A self-signed certificate for `localhost` and 127.0.0.1, or for the names given (`DNS:*.example.test`). */
export function createLocalCertificate(subjectAltName = "DNS:localhost,IP:127.0.0.1"): TCertificate {
  const directory = mkdtempSync(path.join(os.tmpdir(), "aw-cert-"));
  const certPath = path.join(directory, "cert.pem");
  const keyPath = path.join(directory, "key.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
    "-keyout", keyPath, "-out", certPath,
    "-subj", "/CN=localhost",
    "-addext", `subjectAltName=${subjectAltName}`,
  ], { stdio: "ignore" });
  return { certPath, keyPath };
}

export type TReceivedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A status, or a status sent after a delay (a slow or hanging receiver). */
export type TReply = number | { status: number; delayMs: number };

export async function startReceiver(
  certificate: TCertificate,
  respond: (request: TReceivedRequest, index: number) => TReply = () => 200,
) {
  const received: TReceivedRequest[] = [];
  const server = createServer(
    { cert: readFileSync(certificate.certPath), key: readFileSync(certificate.keyPath) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk) => chunks.push(chunk));
      req.on("end", () => {
        const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
        received.push(request);
        const reply = respond(request, received.length - 1);
        const { status, delayMs } = typeof reply === "number" ? { status: reply, delayMs: 0 } : reply;
        setTimeout(() => {
          if (res.destroyed) return;
          res.statusCode = status;
          res.end("ok");
        }, delayMs);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Receivers a test file starts as it goes, all closed by one call (its afterAll). */
export function receiverSet(certificate: TCertificate) {
  const started: Awaited<ReturnType<typeof startReceiver>>[] = [];
  return {
    start: async (respond?: (request: TReceivedRequest, index: number) => TReply) => {
      const receiver = await startReceiver(certificate, respond);
      started.push(receiver);
      return receiver;
    },
    closeAll: () => Promise.all(started.map((receiver) => receiver.close())),
  };
}
