import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { protocolOf } from "@/lib/contract/render-history";
import { sliceDefaults } from "@/lib/patches/slice-defaults";
import { DEFAULT_VERIFIER_TIMEOUT_SEC, type TVerifierDto } from "@/lib/schemas/verifier";
import { type TResultFormat } from "@/lib/contract/types";

type TVerifierRow = {
  setupCommand: string | null; testCommand: string; resultFormat: TResultFormat; timeoutSec: number; image: string | null;
  protocol: unknown; hiddenTestPatch: string; collectedTests: string[]; version: number; updatedAt: Date;
};

export function toVerifierDto(row: TVerifierRow | null, defaultHiddenTestPatch: string): TVerifierDto {
  const protocol = protocolOf(row?.protocol);
  return {
    exists: row !== null,
    version: row?.version ?? null,
    setupCommand: row?.setupCommand ?? "",
    testCommand: row?.testCommand ?? "",
    resultFormat: row?.resultFormat ?? "junit",
    timeoutSec: row?.timeoutSec ?? DEFAULT_VERIFIER_TIMEOUT_SEC,
    image: row?.image ?? "",
    protocol: { historyPath: protocol.historyPath, historyFormat: protocol.historyFormat, agentTimeoutSec: protocol.agentTimeoutSec, retryPolicy: protocol.retryPolicy },
    // The hidden test patch defaults to the PR's in-slice test diff until someone writes one.
    hiddenTestPatch: row?.hiddenTestPatch || defaultHiddenTestPatch,
    defaultHiddenTestPatch,
    collectedTests: row?.collectedTests ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export const verifierSelect = {
  id: true, setupCommand: true, testCommand: true, resultFormat: true, timeoutSec: true, image: true, protocol: true,
  hiddenTestPatch: true, collectedTests: true, version: true, updatedAt: true,
} as const;

export async function getVerifier(familyId: string, client: DbOrTx = db()): Promise<TVerifierDto> {
  // One query at a time: `client` may be a transaction, one connection.
  const row = await client.verifier.findUnique({ where: { familyId }, select: verifierSelect });
  const defaults = await sliceDefaults(client, familyId);
  return toVerifierDto(row, defaults.hiddenTests);
}
