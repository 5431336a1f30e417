import { z } from "zod";
import { route } from "@/lib/http/route";
import { diffVersions } from "@/lib/package/diff-versions";

const ZHashSchema = z.string().regex(/^[0-9a-f]{64}$/, "must be a package hash (64 hex digits)");
const ZQuerySchema = z.object({ from: ZHashSchema, to: ZHashSchema });

export const GET = route({ roles: ["curator", "lead", "admin"], query: ZQuerySchema }, async ({ query }) => diffVersions(query.from, query.to));
