import "server-only";
import { db } from "@/lib/db";
import { atomSelect } from "./atom-select";

export const listAtoms = (familyId: string) =>
  db().atom.findMany({ where: { familyId }, select: atomSelect, orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
