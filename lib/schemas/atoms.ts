import { z } from "zod";
import { ZVersionSchema } from "./common";

export const ZPolaritySchema = z.enum(["require", "forbid", "restore"]);
export const ZAtomRoleSchema = z.enum(["final", "fixed", "temporary"]);
export const ZAtomStatusSchema = z.enum(["proposed", "accepted", "rejected", "merged"]);

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const ZAtomFieldsSchema = z.object({
  statement: text(2000).min(1, "is required"),
  scope: text(500),
  inputCondition: text(1000),
  polarity: ZPolaritySchema,
  observation: text(2000),
  role: ZAtomRoleSchema,
  replacedBy: z.array(z.string().regex(/^A\d+$/, "must be an atom key like A3")).max(50),
});

export const ZCreateAtomSchema = ZAtomFieldsSchema.partial({
  scope: true,
  inputCondition: true,
  polarity: true,
  observation: true,
  role: true,
  replacedBy: true,
});
export type TCreateAtom = z.infer<typeof ZCreateAtomSchema>;

export const ZUpdateAtomSchema = ZAtomFieldsSchema.partial().extend({ version: ZVersionSchema });
export type TUpdateAtom = z.infer<typeof ZUpdateAtomSchema>;

export const ZAtomParamsSchema = z.object({ familyId: z.string().min(1), atomId: z.string().min(1) });
