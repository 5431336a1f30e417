import { Prisma } from "@/lib/db";
import { AppError, databaseUnavailable } from "./app-error";
import { isDatabaseUnavailable } from "./database-unavailable";

// Prisma errors become domain errors at the data layer boundary.
export function fromPrismaError(error: unknown, what = "Record"): unknown {
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) return databaseUnavailable();
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
