import { defineConfig } from "prisma/config";

// Migrations are applied by lib/db/migrate.ts (plain SQL files under prisma/migrations),
// because Prisma's native schema engine cannot be downloaded on offline machines.
export default defineConfig({
  schema: "prisma/schema.prisma",
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});
