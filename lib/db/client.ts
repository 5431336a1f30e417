import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

// Secrets never leave the data layer: the password hash is omitted from every
// query unless a caller asks for it explicitly (sign-in does).
const omit = { user: { passwordHash: true } } as const;

// Mutations serialize on a per-family lock (pg_advisory_xact_lock) inside their transaction,
// so a burst of requests queues there and for the pool's connections: Prisma's defaults
// (2 s to get a connection, 5 s of life) turned the tail of twenty parallel clicks into 500s.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 };

function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database).");
  const adapter = new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new PrismaClient({ adapter, omit, transactionOptions: TRANSACTION_OPTIONS });
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
