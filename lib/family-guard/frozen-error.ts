// Pure: the one refusal a frozen family's mutations answer (409, naming the package).
import { AppError } from "@/lib/errors/app-error";

export function frozenFamilyError(packageHash: string | null): AppError {
  const named = packageHash ? ` in package ${packageHash}` : "";
  return new AppError("CONFLICT", `This task family is frozen${named}; only annotations can be added. Open a new version to change it.`, {
    current: { packageHash },
  });
}
