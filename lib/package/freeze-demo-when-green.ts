import "server-only";
import { db } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";
import { getGateReport } from "@/lib/families/get-gate-report";
import { freezeFamily } from "./freeze-family";

/**
 * The fully built demo family is frozen by the demo lead through the same code path a
 * lead uses, once its runs (asynchronous after the first start) and reviews turn every
 * gate before freeze green. Returns the package hash, or null when it gave up waiting.
 * A database that is away (npm start restarting PostgreSQL) is waited for like a gate.
 */
export async function freezeDemoWhenGreen(title: string, options: { timeoutMs: number; intervalMs?: number; log?: (line: string) => void }) {
  const deadline = Date.now() + options.timeoutMs;
  let said = "";
  while (Date.now() < deadline) {
    const step = await freezeStep(title, options.log, said).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      return { waiting: "the database is unavailable" } as const;
    });
    if ("done" in step) return step.done;
    said = step.waiting;
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 3000));
  }
  options.log?.(`The demo family "${title}" was not frozen: ${said || "its gates did not turn green"} (gave up waiting).`);
  return null;
}

/** One look: the hash once frozen (or null: nothing to freeze), else what it waits for. */
async function freezeStep(title: string, log: ((line: string) => void) | undefined, said: string): Promise<{ done: string | null } | { waiting: string }> {
  const family = await db().taskFamily.findFirst({ where: { title, familyVersion: 1 }, select: { id: true, frozen: true, lead: { select: { id: true, roles: true } } } });
  if (!family || !family.lead) return { done: null };
  if (family.frozen) return { done: (await db().package.findFirst({ where: { familyId: family.id, frozenAt: { not: null } }, select: { hash: true } }))?.hash ?? null };
  const report = await getGateReport(family.id);
  const open = report.stages.find((s) => s.stage !== "freeze" && s.status !== "pass");
  if (!open) {
    const frozen = await freezeFamily(family.lead, family.id);
    log?.(`Froze the demo family "${title}": package ${frozen.hash}.`);
    return { done: frozen.hash };
  }
  const waiting = `${open.title} is ${open.status}`;
  if (waiting !== said && open.status === "fail") log?.(`The demo family is not frozen: ${waiting} — ${open.missing ?? ""}`);
  return { waiting };
}
