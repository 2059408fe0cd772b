// Compiles the custom server and the admin CLI to dist/ (plain JavaScript: `npm start`
// runs no TypeScript loader). Dependencies stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { server: "src/server.ts", admin: "src/cli/admin.ts", openapi: "src/cli/openapi.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
