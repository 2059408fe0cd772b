// Dashboard sign-in against a server of its own (the shared one lifts the sign-in limit):
// better-auth's rate limit counts attempts per client address, the address the server
// decided (socket, or the trusted proxy's hop), never one the client claims.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

let service: TOwnService;
let baseUrl: string;
const person = { email: "rate@limit.test", password: "the right password" };

beforeAll(async () => {
  service = await createOwnService("signin");
  baseUrl = (await service.start({ SIGN_IN_RATE_LIMIT_MAX: "3", SIGN_IN_RATE_LIMIT_WINDOW_SECONDS: "60", TRUST_PROXY: "true" })).baseUrl;
  const org = await service.cli("create-org", "--name", "Limits", "--plan", "growth");
  await service.cli("create-member", "--org", org.id, "--email", person.email, "--name", "Rate", "--role", "viewer", "--password", person.password);
}, 120_000);

afterAll(async () => {
  await service?.dispose();
});

const signIn = (password: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, ...headers },
    body: JSON.stringify({ email: person.email, password }),
  });

describe("dashboard sign-in", () => {
  it("refuses a wrong password with 401 and accepts the right one with an HTTP-only session cookie", async () => {
    const wrong = await signIn("wrong password", { "x-forwarded-for": "203.0.113.1" });
    expect(wrong.status).toBe(401);
    const right = await signIn(person.password, { "x-forwarded-for": "203.0.113.1" });
    expect(right.status).toBe(200);
    const cookie = right.headers.getSetCookie().find((value) => value.startsWith("aw.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("ends a session at its expiry: the same cookie is refused afterwards", async () => {
    const signedIn = await signIn(person.password, { "x-forwarded-for": "203.0.113.9" });
    const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith("aw.session_token="))!.split(";")[0]!;
    const me = () => fetch(`${baseUrl}/api/trpc/session.me`, { headers: { cookie } });
    expect((await me()).status).toBe(200);
    // Time passes: the session's expiry (SESSION_MAX_AGE_SECONDS after sign-in) is now behind us.
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    await withDatabase(service.databaseUrl, (client) =>
      client.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token = $1", [token]),
    );
    const expired = await me();
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as any).error.data.body.type).toBe("authentication_error");
  });

  it("answers 429 once an address has used its attempts, and counts each address on its own", async () => {
    const address = { "x-forwarded-for": "198.51.100.7" };
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await signIn("wrong password", address)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right password waits out the window from that address…
    expect((await signIn(person.password, address)).status).toBe(429);
    // …while another address is unaffected.
    expect((await signIn(person.password, { "x-forwarded-for": "198.51.100.8" })).status).toBe(200);
  });

  it("does not let a client pick its own address with the server's internal header", async () => {
    const address = { "x-forwarded-for": "192.0.2.50" };
    for (let attempt = 0; attempt < 3; attempt += 1) await signIn("wrong password", address);
    const spoofed = await signIn(person.password, { ...address, "x-aw-client-address": "192.0.2.99" });
    expect(spoofed.status).toBe(429);
  });

  it("refuses a cookie-carrying request posted from another origin (cross-site request forgery)", async () => {
    const signedIn = await signIn(person.password, { "x-forwarded-for": "192.0.2.78" });
    const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith("aw.session_token="))!.split(";")[0]!;
    const forged = await fetch(`${baseUrl}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie, "x-forwarded-for": "192.0.2.78" },
      body: "{}",
    });
    expect(forged.status).toBe(403);
  });
});
