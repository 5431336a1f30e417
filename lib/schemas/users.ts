// Pure: request shapes (zod) of the users API.
import { z } from "zod";
import { ZRoleSchema, ZVersionSchema } from "./common";

export const ZUpdateUserRolesSchema = z.object({
  roles: z.array(ZRoleSchema).max(4).refine((r) => new Set(r).size === r.length, "must not repeat a role"),
  version: ZVersionSchema,
});
export type TUpdateUserRoles = z.infer<typeof ZUpdateUserRolesSchema>;

export const ZCreateUserSchema = z.object({
  email: z.string().trim().toLowerCase().email("must be an email address"),
  name: z.string().trim().min(1, "is required").max(120),
  password: z.string().min(8, "must be at least 8 characters").max(200),
  roles: z.array(ZRoleSchema).max(4),
});
export type TCreateUser = z.infer<typeof ZCreateUserSchema>;
