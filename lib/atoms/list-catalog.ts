import "server-only";
import { db } from "@/lib/db";
import { anchorSelect } from "./anchor-select";
import { atomSelect } from "./atom-select";

/** The catalog as the atoms page shows it: each atom with its anchors, probe count and merge target's key. */
export async function listCatalog(familyId: string) {
  const atoms = await db().atom.findMany({
    where: { familyId },
    select: {
      ...atomSelect,
      mergedInto: { select: { key: true } },
      anchors: { select: anchorSelect, orderBy: { createdAt: "asc" } },
      _count: { select: { probes: true } },
    },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  });
  return atoms.map(({ mergedInto, _count, ...atom }) => ({ ...atom, mergedIntoKey: mergedInto?.key ?? null, probeCount: _count.probes }));
}
