import "server-only";
import type { DbOrTx } from "@/lib/db";
import { overridesFromReplacedBy } from "@/lib/contract";
import { notFound } from "@/lib/errors/app-error";
import type { TCatalogAtomDto } from "@/lib/schemas/histories";
import { protocolOf, type TProtocol } from "@/lib/contract/render-history";

export type TFamilyCatalog = {
  frozen: boolean;
  /** Accepted atoms: the contract engine's catalog. */
  catalog: TCatalogAtomDto[];
  overrides: ReturnType<typeof overridesFromReplacedBy>;
  atomKeys: string[];
  probeTestIds: string[];
  protocol: TProtocol;
};

/** What the history editor and the server's checks read about a family besides its histories. */
export async function loadFamilyCatalog(tx: DbOrTx, familyId: string): Promise<TFamilyCatalog> {
  const family = await tx.taskFamily.findUnique({
    where: { id: familyId },
    select: {
      frozen: true,
      verifier: { select: { protocol: true } },
      atoms: {
        select: { key: true, role: true, status: true, statement: true, scope: true, inputCondition: true, polarity: true, observation: true, replacedBy: true },
        orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      },
      probes: { select: { testId: true }, where: { stale: false }, orderBy: { position: "asc" } },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  const accepted = family.atoms.filter((a) => a.status === "accepted");
  return {
    frozen: family.frozen,
    catalog: accepted.map(({ key, role, statement, scope, inputCondition, polarity, observation }) => ({ key, role, statement, scope, inputCondition, polarity, observation })),
    overrides: overridesFromReplacedBy(accepted),
    atomKeys: family.atoms.map((a) => a.key),
    probeTestIds: family.probes.map((p) => p.testId),
    protocol: protocolOf(family.verifier?.protocol),
  };
}
