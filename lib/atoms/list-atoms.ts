import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { atomSelect } from "./atom-select";

export const listAtoms = (familyId: string, client: DbOrTx = db()) =>
  client.atom.findMany({ where: { familyId }, select: atomSelect, orderBy: [{ position: "asc" }, { createdAt: "asc" }] });
