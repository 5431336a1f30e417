import { db } from "@/lib/db";
import { json } from "@/lib/http/respond";
import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/errors/app-error";

// Unauthenticated liveness probe used by `npm start` and the e2e harness.
export async function GET() {
  try {
    await db().$queryRaw`SELECT 1`;
    return json({ ok: true });
  } catch {
    return json({ ok: false, database: "unavailable", error: DATABASE_UNAVAILABLE_MESSAGE }, 503);
  }
}
export const dynamic = "force-dynamic";
