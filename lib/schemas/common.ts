import { z } from "zod";

export const ZIdSchema = z.string().trim().min(1, "is required").max(64, "is too long");
export const ZVersionSchema = z.number({ error: "must be a number" }).int().positive();
export const ZRoleSchema = z.enum(["admin", "lead", "curator", "reviewer"]);

export const ZFamilyParamsSchema = z.object({ familyId: ZIdSchema });
export const ZSuiteParamsSchema = z.object({ suiteId: ZIdSchema });
