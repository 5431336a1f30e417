import "server-only";
import { Prisma } from "./generated/client";
import { AppError, databaseUnavailable } from "@/lib/errors/app-error";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";

// Prisma errors become domain errors at the data layer boundary.
export function fromPrismaError(error: unknown, what = "Record"): unknown {
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) return databaseUnavailable();
  // The freeze triggers (migration family_freeze) refuse any write to a frozen family's rows.
  // The package's own trigger (a frozen Package row changed) names it too.
  const message = error instanceof Error ? error.message : "";
  const frozen = /Task family \S+ is frozen in package ([0-9a-f]{64})/.exec(message) ?? /Package ([0-9a-f]{64}) is frozen/.exec(message);
  if (frozen) {
    return new AppError("CONFLICT", `This task family is frozen in package ${frozen[1]}; only annotations can be added. Open a new version to change it.`, {
      current: { packageHash: frozen[1] },
    });
  }
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return error;
  switch (error.code) {
    case "P2002": {
      const fields = uniqueFields(error.meta);
      return new AppError("CONFLICT", `${what} with this ${fields.join(", ")} already exists.`, {
        fieldErrors: Object.fromEntries(fields.map((f) => [f, ["already exists"]])),
      });
    }
    case "P2025":
      return new AppError("NOT_FOUND", `${what} does not exist.`);
    case "P2003":
      return new AppError("INVALID_INPUT", `${what} refers to something that does not exist.`);
    case "P2034": // a write conflict or deadlock with a concurrent request: it was rolled back whole
      return new AppError("CONFLICT", "Someone else changed the same records at the same moment; nothing was changed, try again.", { detail: error.message });
    case "P2028": // a transaction that waited too long for a connection or a lock: nothing was written
      return new AppError("UNAVAILABLE", BUSY_MESSAGE, { detail: error.message });
    default:
      return error;
  }
}

export const BUSY_MESSAGE = "The studio is busy with other requests for the same work; nothing was changed, try again in a few seconds.";

type TUniqueMeta = {
  target?: string[] | string;
  modelName?: string;
  driverAdapterError?: { cause?: { table?: string; constraint?: { fields?: string[]; index?: string } } };
};

/**
 * The fields of a violated unique constraint. Prisma's driver adapters report the
 * index ("Suite_name_key", "Probe_familyId_testId_key") rather than `target`.
 */
export function uniqueFields(meta: unknown): string[] {
  const m = (meta ?? {}) as TUniqueMeta;
  if (Array.isArray(m.target) && m.target.length) return m.target;
  if (typeof m.target === "string" && m.target) return [m.target];
  const cause = m.driverAdapterError?.cause;
  if (cause?.constraint?.fields?.length) return cause.constraint.fields.map((f) => f.replace(/^"|"$/g, ""));
  const index = cause?.constraint?.index;
  if (index) {
    const table = cause?.table ?? m.modelName ?? "";
    const inner = index.replace(new RegExp(`^${table}_`), "").replace(/_key$/, "");
    if (inner) return inner.split("_");
  }
  return ["value"];
}
