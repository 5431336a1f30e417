import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

// Secrets never leave the data layer: the password hash is omitted from every
// query unless a caller asks for it explicitly (sign-in does).
const omit = { user: { passwordHash: true } } as const;

// Mutations serialize on a per-family lock (pg_advisory_xact_lock) inside their transaction,
// so a burst of requests queues there and for the pool's connections: Prisma's defaults
// (2 s to get a connection, 5 s of life) turned the tail of twenty parallel clicks into 500s.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

// Each distinct statement is sent as a named prepared statement, so a connection parses and
// plans it once rather than on every request (issue 24: the family fingerprint, one statement of
// 22 subqueries that the dashboard and every stage panel send per request, spent twice as long
// being planned as being run). Names are per process; each pooled connection prepares a name on
// first use. Past PREPARED_STATEMENTS distinct texts (IN lists of every length), new ones go unnamed;
// DATABASE_PREPARED_STATEMENTS=0 sends all unnamed (a pooler in transaction mode without prepared-statement support).
export const PREPARED_STATEMENTS = Number(process.env.DATABASE_PREPARED_STATEMENTS ?? 1000);
const statementNames = new Map<string, string>();
export function statementName(query: { sql: string }): string {
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    if (statementNames.size >= PREPARED_STATEMENTS) return undefined as unknown as string; // pg: no name, no cache
    name = `studio_${statementNames.size}`;
    statementNames.set(query.sql, name);
  }
  return name;
}

const studioAdapter = (connectionString: string) =>
  new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }, { statementNameGenerator: statementName });

/** The studio's client with a query event per statement sent (the cache guard tests and bench/api-profile.ts count them). */
export function createLoggingStudioClient(connectionString: string) {
  return new PrismaClient({ adapter: studioAdapter(connectionString), omit, transactionOptions: TRANSACTION_OPTIONS, log: [{ emit: "event", level: "query" }] });
}

function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database).");
  return new PrismaClient({ adapter: studioAdapter(connectionString), omit, transactionOptions: TRANSACTION_OPTIONS });
}

export type Db = ReturnType<typeof createClient>;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
/** A client or a transaction: data functions accept either. */
export type DbOrTx = Db | Tx;

const globalForPrisma = globalThis as unknown as { studioPrisma?: Db };

export function db(): Db {
  if (!globalForPrisma.studioPrisma) globalForPrisma.studioPrisma = createClient();
  return globalForPrisma.studioPrisma;
}

export async function disconnectDb(): Promise<void> {
  await globalForPrisma.studioPrisma?.$disconnect();
  globalForPrisma.studioPrisma = undefined;
}
