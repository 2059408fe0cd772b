// Prisma's global `omit` (src/foundation/db/client.ts): key hashes and encrypted secrets
// are left out of every query that does not ask for them. (Password hashes live in
// better-auth's accounts table, which only better-auth reads.) In-process
// against a fresh database, with the same client the server builds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, db, disconnectDatabase } from "../../src/foundation/db/client.ts";
import { applyPendingMigrations } from "../../src/foundation/db/migrate.ts";
import { createDatabase } from "../helpers/database.ts";

let database: Awaited<ReturnType<typeof createDatabase>>;
let organizationId: string;

beforeAll(async () => {
  database = await createDatabase("aw_omit");
  await applyPendingMigrations(database.url);
  connectDatabase(database.url, 3);
  const organization = await db().organization.create({ data: { name: "Omit", plan: "growth", deliverySecretEncrypted: "enc:delivery" } });
  organizationId = organization.id;
  const user = await db().user.create({ data: { email: "ada@omit.test", name: "Ada" } });
  const member = await db().member.create({ data: { organizationId, userId: user.id, role: "admin" } });
  await db().apiKey.create({
    data: { organizationId, livemode: true, name: "k", keyHash: "f".repeat(64), prefix: "svc_live_abc", scopes: ["runs:read"], createdByMemberId: member.id },
  });
  await db().webhook.create({
    data: { organizationId, livemode: true, url: "https://example.test/hook", events: ["run.completed"], secretEncrypted: "enc:webhook" },
  });
  await db().invitation.create({
    data: { organizationId, email: "bo@omit.test", role: "viewer", tokenHash: "e".repeat(64), expiresAt: new Date(Date.now() + 60_000) },
  });
});

afterAll(async () => {
  await disconnectDatabase();
  await database.drop();
});

describe("secret columns are omitted by default", () => {
  it("a plain findFirst on each model leaves them out", async () => {
    const [organization, member, apiKey, webhook] = await Promise.all([
      db().organization.findFirst({ where: { id: organizationId } }),
      db().member.findFirst({ where: { organizationId } }),
      db().apiKey.findFirst({ where: { organizationId } }),
      db().webhook.findFirst({ where: { organizationId } }),
    ]);
    expect(organization).toMatchObject({ id: organizationId, name: "Omit" });
    expect(organization).not.toHaveProperty("deliverySecretEncrypted");
    expect(member).toMatchObject({ role: "admin" });
    expect(apiKey).toMatchObject({ prefix: "svc_live_abc" });
    expect(apiKey).not.toHaveProperty("keyHash");
    expect(webhook).toMatchObject({ url: "https://example.test/hook" });
    expect(webhook).not.toHaveProperty("secretEncrypted");
    const invitation = await db().invitation.findFirst({ where: { organizationId } });
    expect(invitation).toMatchObject({ email: "bo@omit.test" });
    expect(invitation).not.toHaveProperty("tokenHash");
  });

  it("also from findMany, related rows, the rows create and update return, and inside transactions", async () => {
    const [keys] = await Promise.all([db().apiKey.findMany({ where: { organizationId } })]);
    expect(keys[0]).not.toHaveProperty("keyHash");

    const withRelations = await db().organization.findUniqueOrThrow({
      where: { id: organizationId },
      include: { members: true, apiKeys: true, webhooks: true },
    });
    expect(withRelations).not.toHaveProperty("deliverySecretEncrypted");
    expect(withRelations.members[0]).toMatchObject({ role: "admin" });
    expect(withRelations.apiKeys[0]).not.toHaveProperty("keyHash");
    expect(withRelations.webhooks[0]).not.toHaveProperty("secretEncrypted");

    const created = await db().webhook.create({
      data: { organizationId, livemode: false, url: "https://example.test/other", events: [], secretEncrypted: "enc:other" },
    });
    expect(created).not.toHaveProperty("secretEncrypted");
    const updated = await db().apiKey.update({ where: { keyHash: "f".repeat(64) }, data: { name: "renamed" } });
    expect(updated).not.toHaveProperty("keyHash");

    const inTransaction = await db().$transaction((tx) => tx.apiKey.findFirst({ where: { organizationId } }));
    expect(inTransaction).not.toHaveProperty("keyHash");
  });

  it("returns them to a query that opts in with omit: false or select", async () => {
    const apiKey = await db().apiKey.findFirst({ where: { organizationId }, omit: { keyHash: false } });
    expect(apiKey?.keyHash).toBe("f".repeat(64));
    const organization = await db().organization.findFirst({ where: { id: organizationId }, omit: { deliverySecretEncrypted: false } });
    expect(organization?.deliverySecretEncrypted).toBe("enc:delivery");
    const webhook = await db().webhook.findFirst({ where: { organizationId, livemode: true }, select: { secretEncrypted: true } });
    expect(webhook?.secretEncrypted).toBe("enc:webhook");
  });
});
