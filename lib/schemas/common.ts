import { z } from "zod";
import { ZStageKeySchema } from "@/lib/gates/stages";

export const ZIdSchema = z.string().trim().min(1, "is required").max(64, "is too long");
export const ZVersionSchema = z.number({ error: "must be a number" }).int().positive();
export const ZRoleSchema = z.enum(["admin", "lead", "curator", "reviewer"]);

export const ZFamilyParamsSchema = z.object({ familyId: ZIdSchema });
export const ZFamilyStageParamsSchema = ZFamilyParamsSchema.extend({ stage: ZStageKeySchema });
export const ZSuiteParamsSchema = z.object({ suiteId: ZIdSchema });
