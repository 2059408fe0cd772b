import { defineConfig } from "vitest/config";

// Two projects (`npx vitest run --project unit` runs one):
// - unit: pure code only. No build (only the generated Prisma client, which `npm run test:unit`
//   refreshes), no server, no PostgreSQL, no Redis: runs in seconds on a fresh checkout.
// - integration: the built dist/server.mjs on a fresh database, PostgreSQL and Redis
//   (tests/helpers/global-setup.ts starts the one shared server).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two cores: a few files at a time keeps the shared server responsive.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/browser/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
        },
      },
    ],
  },
});
