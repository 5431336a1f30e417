// Pure: request and response shapes (zod) for the API.
import { z } from "zod";

/** PostgreSQL `integer` (Int4): versions, revision numbers, line numbers never go beyond it. */
export const INT4_MAX = 2_147_483_647;
export const int4Message = `must be at most ${INT4_MAX}`;

export const ZIdSchema = z
  .string()
  .trim()
  .min(1, "is required")
  .max(64, "is too long")
  .regex(/^[\w.:-]+$/, "is not a valid id (letters, digits and - _ . : only)");
export const ZVersionSchema = z.number({ error: "must be a number" }).int().positive().max(INT4_MAX, int4Message);
export const ZRoleSchema = z.enum(["admin", "lead", "curator", "reviewer"]);

export const ZFamilyParamsSchema = z.object({ familyId: ZIdSchema });
export const ZSuiteParamsSchema = z.object({ suiteId: ZIdSchema });
