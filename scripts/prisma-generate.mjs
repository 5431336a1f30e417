// postinstall: `prisma generate` without downloading Prisma's native schema engine
// (it is only needed for `prisma migrate`, which the studio replaces with lib/db/migrate.ts).
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const result = spawnSync(process.execPath, [path.join(root, "node_modules/prisma/build/index.js"), "generate"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, "scripts/no-schema-engine.sh"), PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
process.exit(result.status ?? 1);
