// Response headers that harden the browser side: dashboard pages and /docs carry a
// Content-Security-Policy with frame-ancestors 'none', every response nosniff and a
// Referrer-Policy; with an https PUBLIC_BASE_URL (a server of this file's own) HSTS is sent
// and the session cookie is Secure. The policy is checked in Chromium too: the dashboard
// and /docs work under it, with no violation and no console error.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTenant, signInCookie, type TTenant } from "../helpers/api.ts";
import { launchChromium } from "../helpers/browser.ts";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

const PUBLIC_BASE_URL = "https://agents.example.test";

let tenant: TTenant;
let secure: TOwnService;
let browser: Browser;

beforeAll(async () => {
  secure = await createOwnService("security_headers");
  [tenant, , browser] = await Promise.all([createTenant(), secure.start({ PUBLIC_BASE_URL }), launchChromium()]);
});

afterAll(async () => {
  await Promise.all([secure?.dispose(), browser?.close()]);
});

const csp = (headers: Headers) => headers.get("content-security-policy") ?? "";

describe("security headers over http (the shared server)", () => {
  it("sends CSP with frame-ancestors 'none', nosniff and a Referrer-Policy on dashboard pages, /docs and /api/trpc", async () => {
    for (const path of ["/", "/sign-in", "/docs", "/api/trpc/session.me"]) {
      const response = await fetch(`${inject("baseUrl")}${path}`);
      expect(csp(response.headers), path).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
      expect(csp(response.headers), path).toMatch(/(^|;\s*)default-src 'self'(;|$)/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      // Plain http: no HSTS (it would pin browsers to an https that does not exist).
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("sends nosniff on /v1 JSON, success and error alike", async () => {
    for (const [path, status] of [["/v1/health", 200], ["/v1/runs", 401], ["/v1/nowhere", 404]] as const) {
      const response = await fetch(`${inject("baseUrl")}${path}`);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });
});

describe("with an https PUBLIC_BASE_URL", () => {
  it("sends Strict-Transport-Security on pages and /v1", async () => {
    for (const path of ["/", "/v1/health"]) {
      const response = await fetch(`${secure.server().baseUrl}${path}`);
      expect(response.headers.get("strict-transport-security"), path).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    }
  });

  it("sets the session cookie Secure (__Secure- prefixed), and it signs the member in", async () => {
    const { orgId } = await secure.createOrgKey("Secure Co");
    await secure.cli("create-member", "--org", orgId, "--email", "secure@example.test", "--name", "Sam", "--role", "admin", "--password", "a long password");
    const response = await fetch(`${secure.server().baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_BASE_URL },
      body: JSON.stringify({ email: "secure@example.test", password: "a long password" }),
    });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((value) => value.includes(".session_token="));
    expect(session).toMatch(/^__Secure-aw\.session_token=/);
    expect(session).toMatch(/;\s*Secure(;|$)/i);
    expect(session).toMatch(/;\s*HttpOnly(;|$)/i);
    const me = await fetch(`${secure.server().baseUrl}/api/trpc/session.me`, { headers: { cookie: session!.split(";")[0]! } });
    expect(me.status).toBe(200);
  });
});

describe("the policy in Chromium", () => {
  /** Opens `path` and collects console errors, page errors and CSP violations until `ready` is visible. */
  async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>): Promise<string[]> {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        // Scalar's bundle probes `new Function("")` once and works on without it when refused.
        if (event.violatedDirective === "script-src" && event.blockedURI === "eval" && event.sourceFile.endsWith("/docs/scalar.js")) return;
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`);
      });
    });
    await page.goto(`${inject("baseUrl")}${path}`);
    await ready(page);
    return problems;
  }

  it("renders dashboard pages (with their live stream) and /docs with no CSP violation or console error", async () => {
    const sessionCookie = await signInCookie(tenant.memberEmail, "correct horse battery");
    const [name, value] = sessionCookie.split("=") as [string, string];
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: inject("baseUrl") }]);
    try {
      const triage = await context.newPage();
      expect(await visit(triage, "/triage", (page) => page.getByRole("heading", { name: /triage/i }).first().waitFor({ timeout: 20_000 }))).toEqual([]);
      const runs = await context.newPage();
      expect(await visit(runs, "/runs", (page) => page.getByRole("heading", { name: /runs/i }).first().waitFor({ timeout: 20_000 }))).toEqual([]);
      const docs = await context.newPage();
      expect(await visit(docs, "/docs", (page) => page.getByText("Service health (no key needed)").first().waitFor({ timeout: 20_000 }))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
