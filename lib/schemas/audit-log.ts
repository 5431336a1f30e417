// Pure: request shapes (zod) of the audit log API.
import { z } from "zod";

export const ZAuditQuerySchema = z.object({
  familyId: z.string().max(64).optional(),
  actorId: z.string().max(64).optional(),
  action: z.string().max(80).optional(),
  before: z.coerce.bigint().optional(), // cursor: events older than this id
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;
