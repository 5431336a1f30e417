import "server-only";
export { db, disconnectDb, type Db, type Tx, type DbOrTx } from "./client";
export * from "./generated/enums";
export { Prisma } from "./generated/client";
