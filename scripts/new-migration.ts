// `npm run db:migration -- <name>`: writes prisma/migrations/<stamp>_<name>/migration.sql,
// the SQL that takes the current migrations to prisma/schema.prisma.
// Uses Prisma's WebAssembly schema engine, so it works where the native binary
// cannot be downloaded. The diff runs from prisma/migrations/schema.snapshot.prisma
// (the schema as of the last migration) to the current schema; hand-written SQL
// (triggers) can be appended to a migration since it is outside the datamodel.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { startEmbeddedPostgres } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, "..");
const schemaPath = path.join(root, "prisma/schema.prisma");
const schema = fs.readFileSync(schemaPath, "utf8");

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-migration-"));
fs.chmodSync(tmp, 0o755);
const db = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
try {
  await migrate(db.url);
  const snapshotPath = path.join(root, "prisma/migrations/schema.snapshot.prisma");
  const snapshot = fs.existsSync(snapshotPath) ? fs.readFileSync(snapshotPath, "utf8") : null;
  const engine = await loadSchemaEngine(schema, db.url);
  const result = await engine.diff({
    from: snapshot ? { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: snapshot }] } : { tag: "empty" },
    to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schema }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  const sql = (result.stdout ?? "").trim();
  if (!sql || sql === "-- This is an empty migration.") {
    console.log("The schema matches the migrations; nothing to write.");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(root, "prisma/migrations", `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
    fs.writeFileSync(snapshotPath, schema);
    console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
  }
} finally {
  await db.stop();
}

async function loadSchemaEngine(datamodel: string, url: string) {
  const dir = path.join(root, "node_modules/@prisma/schema-engine-wasm/");
  const bindings = await import(path.join(dir, "schema_engine_bg.js"));
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(path.join(dir, "schema_engine_bg.wasm")), {
    "./schema_engine_bg.js": bindings,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: url }));
  return bindings.SchemaEngine.new({ datamodels: [["schema.prisma", datamodel]] }, () => undefined, adapter);
}
