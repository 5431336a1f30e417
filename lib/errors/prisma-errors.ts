import { Prisma } from "@/lib/db";
import { AppError } from "./app-error";

// Prisma errors become domain errors at the data layer boundary.
export function fromPrismaError(error: unknown, what = "Record"): unknown {
  // The freeze triggers (migration family_freeze) refuse any write to a frozen family's rows.
  const frozen = error instanceof Error ? /Task family \S+ is frozen in package ([0-9a-f]{64})/.exec(error.message) : null;
  if (frozen) {
    return new AppError("CONFLICT", `This task family is frozen in package ${frozen[1]}; only annotations can be added. Open a new version to change it.`, {
      current: { packageHash: frozen[1] },
    });
  }
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return error;
  switch (error.code) {
    case "P2002": {
      const target = (error.meta?.target as string[] | string | undefined) ?? "";
      const fields = Array.isArray(target) ? target : [target];
      return new AppError("CONFLICT", `${what} with this ${fields.join(", ")} already exists.`, {
        fieldErrors: Object.fromEntries(fields.map((f) => [f, ["already exists"]])),
      });
    }
    case "P2025":
      return new AppError("NOT_FOUND", `${what} does not exist.`);
    case "P2003":
      return new AppError("INVALID_INPUT", `${what} refers to something that does not exist.`);
    default:
      return error;
  }
}
