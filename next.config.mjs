/** @type {import('next').NextConfig} */
const nextConfig = {
  // Type checking runs as its own step (`npm run typecheck`), not inside `next build`.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/client", "@prisma/adapter-pg"],
  poweredByHeader: false,
};

export default nextConfig;
