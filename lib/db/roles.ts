// The studio's two database roles (README "Database roles"):
// - the owner role owns every table, runs the migrations and installs the queue schema;
// - the application role, used by the web server and the workers, is no superuser,
//   owns nothing, and may not UPDATE/DELETE/TRUNCATE the append-only tables. With its
//   credentials nobody can disable a trigger, alter a table or run COPY … TO PROGRAM.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { withClient } from "./embedded";

export const OWNER_ROLE = "studio_owner";
export const APP_ROLE = "studio_app";
/** Rows that are never changed once written: the privilege level says so too (triggers are the second line). */
export const APPEND_ONLY_TABLES = ["AuditEvent", "PackageAnnotation"] as const;
const SCHEMAS = ["public", "pgboss"] as const;

export type TRoleUrls = { ownerUrl: string; appUrl: string };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A random password made once and kept in `file` (mode 0600). */
export function storedSecret(file: string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(24).toString("base64url") + "\n", { mode: 0o600 });
  }
  fs.chmodSync(file, 0o600);
  return fs.readFileSync(file, "utf8").trim();
}

export function withUser(url: string, user: string, password: string, database?: string): string {
  const out = new URL(url);
  out.username = encodeURIComponent(user);
  out.password = encodeURIComponent(password);
  if (database) out.pathname = `/${database}`;
  return out.toString();
}

/**
 * As the superuser: creates (or re-keys) both roles, makes the owner role own the
 * database, its schemas and every object in them (clusters from before the roles
 * had everything owned by the superuser), and returns both roles' URLs.
 */
export async function provisionRoles(superUrl: string, passwords: { owner: string; app: string }): Promise<TRoleUrls> {
  const database = decodeURIComponent(new URL(superUrl).pathname.slice(1));
  await withClient(superUrl, async (c) => {
    for (const [role, password] of [[OWNER_ROLE, passwords.owner], [APP_ROLE, passwords.app]] as const) {
      const exists = await c.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]);
      const verb = exists.rowCount ? "ALTER" : "CREATE";
      await c.query(`${verb} ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${literal(password)}`);
    }
    await c.query(`ALTER DATABASE ${ident(database)} OWNER TO ${ident(OWNER_ROLE)}`);
    await c.query(`REVOKE CREATE, TEMPORARY ON DATABASE ${ident(database)} FROM PUBLIC`);
    await c.query(`GRANT CONNECT ON DATABASE ${ident(database)} TO ${ident(APP_ROLE)}`);
    await c.query(`ALTER SCHEMA public OWNER TO ${ident(OWNER_ROLE)}`);
    await c.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await adoptObjects(c, OWNER_ROLE);
  });
  return {
    ownerUrl: withUser(superUrl, OWNER_ROLE, passwords.owner),
    appUrl: withUser(superUrl, APP_ROLE, passwords.app),
  };
}

async function adoptObjects(c: import("pg").Client, owner: string): Promise<void> {
  const schemas = SCHEMAS.map(literal).join(", ");
  await c.query(`DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT nspname FROM pg_namespace WHERE nspname IN (${schemas}) AND pg_get_userbyid(nspowner) <> ${literal(owner)} LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO %I', r.nspname, ${literal(owner)});
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname IN (${schemas}) AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND pg_get_userbyid(c.relowner) <> ${literal(owner)} LOOP
    EXECUTE format('ALTER TABLE %s OWNER TO %I', r.name, ${literal(owner)});
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname IN (${schemas}) AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> ${literal(owner)} LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNER TO %I', r.name, ${literal(owner)});
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
           WHERE n.nspname IN (${schemas}) AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> ${literal(owner)} LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO %I', r.name, ${literal(owner)});
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname IN (${schemas}) AND pg_get_userbyid(p.proowner) <> ${literal(owner)} LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', r.name, ${literal(owner)});
  END LOOP;
END $$`);
}

/**
 * As the owner, after migrations and the queue install: the application role's
 * privileges on what exists now, and default privileges for what later migrations
 * (or the owner creating a queue partition) add. Idempotent; run at every start.
 */
export async function grantRuntimePrivileges(ownerUrl: string, appRole = APP_ROLE): Promise<void> {
  const app = ident(appRole);
  await withClient(ownerUrl, async (c) => {
    const present = (await c.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname = ANY($1)`, [SCHEMAS])).rows.map((r) => r.nspname);
    for (const schema of present) {
      const s = ident(schema);
      await c.query(`GRANT USAGE ON SCHEMA ${s} TO ${app}`);
      await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${app}`);
      await c.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${app}`);
      await c.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${app}`);
      await c.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`);
      await c.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${app}`);
    }
    for (const table of APPEND_ONLY_TABLES) {
      const exists = await c.query(`SELECT to_regclass($1) AS t`, [`public.${ident(table)}`]);
      if (exists.rows[0]?.t) await c.query(`REVOKE UPDATE, DELETE, TRUNCATE ON public.${ident(table)} FROM ${app}`);
    }
    const ledger = await c.query(`SELECT to_regclass('public._studio_migrations') AS t`);
    if (ledger.rows[0]?.t) await c.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public."_studio_migrations" FROM ${app}`);
  });
}

export type TRuntimeRoleCheck = { role: string; superuser: boolean; ownedTables: number };

/** What start refuses: a runtime role that is a superuser or owns any table in the studio's schemas. */
export async function checkRuntimeRole(url: string): Promise<TRuntimeRoleCheck> {
  return withClient(url, async (c) => {
    const who = await c.query<{ role: string; superuser: boolean }>(`SELECT current_user AS role, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`);
    const owned = await c.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)`,
      [SCHEMAS],
    );
    return { role: who.rows[0]!.role, superuser: who.rows[0]!.superuser, ownedTables: Number(owned.rows[0]!.n) };
  });
}

/** The one sentence start prints when the runtime role has too much power; null when it is fine. */
export function runtimeRoleProblem(check: TRuntimeRoleCheck): string | null {
  if (check.superuser) {
    return `The database role "${check.role}" in DATABASE_URL is a superuser; give the studio a role that is not (README "Database roles": DATABASE_URL for the application role, MIGRATION_DATABASE_URL for the owner), or set STUDIO_ALLOW_PRIVILEGED_DATABASE=1 to run anyway.`;
  }
  if (check.ownedTables > 0) {
    return `The database role "${check.role}" in DATABASE_URL owns ${check.ownedTables} of the studio's tables, so it could alter them or disable their triggers; run the migrations as another role with MIGRATION_DATABASE_URL (README "Database roles"), or set STUDIO_ALLOW_PRIVILEGED_DATABASE=1 to run anyway.`;
  }
  return null;
}
