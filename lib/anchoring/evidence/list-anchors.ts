import "server-only";
import { db } from "@/lib/db";
import { anchorSelect } from "./anchor-select";

export const listAnchors = (familyId: string) =>
  db().evidenceAnchor.findMany({ where: { familyId }, select: anchorSelect, orderBy: { createdAt: "asc" } });
