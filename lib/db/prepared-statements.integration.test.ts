import { afterAll, beforeAll, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { statementName } from "./client";

// The studio's client prepares each distinct statement once per connection (lib/db/client.ts):
// what the server holds prepared is what a request no longer parses and plans again.
const previousPool = process.env.DATABASE_POOL_SIZE;

beforeAll(async () => {
  process.env.DATABASE_POOL_SIZE = "1"; // one connection: the one pg_prepared_statements describes
  await useFreshDatabase();
});

afterAll(async () => {
  await disconnectDb();
  if (previousPool === undefined) delete process.env.DATABASE_POOL_SIZE;
  else process.env.DATABASE_POOL_SIZE = previousPool;
});

it("sends a repeated statement as one named prepared statement, with the same answers", async () => {
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await db().user.findMany({ where: { email: `nobody-${i}@specpath.test` }, select: { id: true } }));
  expect(answers).toEqual([[], [], []]);
  const prepared = await db().$queryRawUnsafe<{ name: string; statement: string }[]>(`SELECT name, statement FROM pg_prepared_statements`);
  const users = prepared.filter((p) => p.statement.includes(`FROM "public"."User"`));
  expect(users).toHaveLength(1);
  expect(users[0]!.name).toBe(statementName({ sql: users[0]!.statement }));
});
