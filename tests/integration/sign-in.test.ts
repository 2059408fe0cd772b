// Dashboard sign-in against a server of its own with the default sign-in limits (the shared
// server lifts the per-address ceiling): an office of colleagues behind one address signs in,
// failures lock one account at one address out, and the address has a large ceiling. The
// address is the one the server decided (socket, or the trusted proxy's hop), never one the
// client claims.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "../helpers/database.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

let service: TOwnService;
let baseUrl: string;
const PASSWORD = "the right password";
const person = { email: "rate@limit.test", password: PASSWORD };
const colleague = { email: "colleague@limit.test", password: PASSWORD };
/** Twenty people of one office (one client address). */
const office = Array.from({ length: 20 }, (_, index) => ({ email: `office-${index}@limit.test`, password: PASSWORD }));

beforeAll(async () => {
  service = await createOwnService("signin");
  const org = await service.cli("create-org", "--name", "Limits", "--plan", "growth");
  for (const member of [person, colleague, ...office]) {
    await service.cli("create-member", "--org", org.id, "--email", member.email, "--name", "Member", "--role", "viewer", "--password", member.password);
  }
  baseUrl = (await service.start({ TRUST_PROXY: "true" })).baseUrl;
}, 180_000);

afterAll(async () => {
  await service?.dispose();
});

const signIn = (credentials: { email: string; password: string }, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, ...headers },
    body: JSON.stringify(credentials),
  });

const from = (address: string) => ({ "x-forwarded-for": address });

/** The limiter's windows are fixed minutes weighted together: keep a burst inside one. */
async function awayFromMinuteEdge(burstMs: number) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - burstMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}

describe("dashboard sign-in", () => {
  it("refuses a wrong password with 401 and accepts the right one with an HTTP-only session cookie", async () => {
    const wrong = await signIn({ ...person, password: "wrong password" }, from("203.0.113.1"));
    expect(wrong.status).toBe(401);
    const right = await signIn(person, from("203.0.113.1"));
    expect(right.status).toBe(200);
    const cookie = right.headers.getSetCookie().find((value) => value.startsWith("aw.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("ends a session at its expiry: the same cookie is refused afterwards", async () => {
    const signedIn = await signIn(person, from("203.0.113.9"));
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
    expect((await expired.json()).error.data.body.type).toBe("authentication_error");
  });

  it("signs in 20 different people from one office address within a minute", async () => {
    await awayFromMinuteEdge(15_000);
    const started = Date.now();
    const statuses = [];
    for (const member of office) statuses.push((await signIn(member, from("198.51.100.20"))).status);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses).toEqual(office.map(() => 200));
  });

  it("locks one account out at one address after 5 failures (typed 429, Retry-After) while a colleague there still signs in", async () => {
    const address = from("198.51.100.7");
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await signIn({ ...person, password: "wrong password" }, address)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // Even the right password waits out the lockout from that address…
    const locked = await signIn(person, address);
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await locked.json()).toMatchObject({ error: "Rate limit exceeded", type: "rate_limited", retry_after: retryAfter });

    // …while a colleague behind the same address signs in, and the account itself from elsewhere.
    expect((await signIn(colleague, address)).status).toBe(200);
    expect((await signIn(person, from("198.51.100.8"))).status).toBe(200);
  });

  it("refuses an address beyond its ceiling of 100 attempts a minute", async () => {
    await awayFromMinuteEdge(20_000);
    const address = from("192.0.2.100");
    const statuses: number[] = [];
    // Unknown accounts, each once: no per-account lockout is involved, only the address.
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => signIn({ email: `nobody-${randomBytes(4).toString("hex")}@limit.test`, password: "a guess at random" }, address)),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses).toEqual(Array.from({ length: 100 }, () => 401));
    const beyond = await signIn(colleague, address);
    expect(beyond.status).toBe(429);
    expect(Number(beyond.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await beyond.json()).type).toBe("rate_limited");
    // Another address is unaffected.
    expect((await signIn(colleague, from("192.0.2.101"))).status).toBe(200);
  });

  it("does not let a client pick its own address with the server's internal header", async () => {
    const address = from("192.0.2.50");
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn({ ...person, password: "wrong password" }, address);
    const spoofed = await signIn(person, { ...address, "x-aw-client-address": "192.0.2.99" });
    expect(spoofed.status).toBe(429);
  });

  it("refuses a cookie-carrying request posted from another origin (cross-site request forgery)", async () => {
    const signedIn = await signIn(person, from("192.0.2.78"));
    const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith("aw.session_token="))!.split(";")[0]!;
    const forged = await fetch(`${baseUrl}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie, "x-forwarded-for": "192.0.2.78" },
      body: "{}",
    });
    expect(forged.status).toBe(403);
  });
});
