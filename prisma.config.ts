// Prisma CLI configuration. These machines cannot download Prisma's native engines, so the
// CLI runs its JavaScript schema engine through a driver adapter. Prisma 6.19's own
// adapter-pg breaks here (prisma/orm#27403), hence the v7 adapter under an npm alias,
// used only by the CLI.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "prisma-migrate-adapter-pg";

function connectionParts(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: parsed.pathname.replace(/^\//, "") || "postgres",
  };
}

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg(connectionParts(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres")),
});
