// Decisions through signed review links are limited per client address
// (REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN; docs/api-conventions.md, "Signed decision links"):
// the page needs no sign-in, so a flood from one address is refused with 429 and Retry-After
// before its body is read or any link is looked up, and the review page itself still opens.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createOwnService, type TOwnService } from "../helpers/own-service.ts";

let service: TOwnService;

beforeAll(async () => {
  service = await createOwnService("link_limits");
  await service.start({ REVIEW_LINK_POSTS_PER_ADDRESS_PER_MIN: "3" });
}, 120_000);

afterAll(async () => {
  await service?.dispose();
});

const unknownToken = `rvl_${"A".repeat(43)}`;
const post = () =>
  fetch(`${service.server().baseUrl}/review/${unknownToken}/decide`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "action=approve",
    redirect: "manual",
  });

it("the fourth post in a minute from one address is refused with 429 and Retry-After; the page still opens", async () => {
  for (let attempt = 1; attempt <= 3; attempt += 1) expect((await post()).status).toBe(404);
  const refused = await post();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(refused.headers.get("cache-control")).toContain("no-store");
  expect(await refused.text()).toMatch(/Too many decisions from your network/);
  expect((await fetch(`${service.server().baseUrl}/review/${unknownToken}`)).status).toBe(404);
});
