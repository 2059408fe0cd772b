// The interactive API reference at /docs works offline: the page and everything it loads
// come from this server (Scalar's bundle from the installed package, the live OpenAPI
// document), never from a CDN.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api.ts";

const attributeUrls = (html: string) => [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1]!);
const scriptSources = (html: string) => [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1]!);

describe("API reference page", () => {
  it("serves /docs as HTML that references only local URLs", async () => {
    const response = await call("GET", "/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.text).toContain("Scalar.createApiReference");
    expect(response.text).toContain('"url": "/v1/openapi.json"');
    // No absolute or protocol-relative URL anywhere in the page (no CDN, no font host).
    expect(response.text).not.toMatch(/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
    expect(response.text).not.toContain("cdn.jsdelivr.net");
    const urls = attributeUrls(response.text);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^\/(?!\/)/);
  });

  it("serves the Scalar bundle it references as JavaScript", async () => {
    const page = await call("GET", "/docs");
    const scripts = scriptSources(page.text);
    expect(scripts).toEqual(["/docs/scalar.js"]);
    for (const src of scripts) {
      const response = await call("GET", src);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(response.text.length).toBeGreaterThan(100_000);
      expect(response.text).toContain("createApiReference");
    }
  });

  it("loads the document the page renders from the same server", async () => {
    const response = await call("GET", "/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.paths["/v1/run"].post.summary).toBe("Start an agent run");
  });
});
