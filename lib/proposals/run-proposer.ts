import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { insertAtom } from "@/lib/atoms/create-atom";
import { anchorSelect } from "@/lib/atoms/anchor-select";
import { AppError } from "@/lib/errors/app-error";
import { gatherProposalInput } from "./gather-input";
import { heuristicProposer } from "./heuristic";
import { modelProposer } from "./model";
import { modelEndpoint } from "./model-config";
import type { TProposer } from "./types";

export type TProposerChoice = "auto" | "heuristic" | "model";

export async function chooseProposer(choice: TProposerChoice): Promise<TProposer> {
  if (choice === "heuristic") return heuristicProposer;
  const endpoint = await modelEndpoint();
  if (endpoint) return modelProposer(endpoint);
  if (choice === "model") {
    throw new AppError("UNPROCESSABLE", "No model endpoint is configured: an admin sets the `model.endpoint` setting, or set STUDIO_MODEL_BASE_URL and STUDIO_MODEL.");
  }
  return heuristicProposer;
}

/**
 * Runs a proposer over the family's evidence and stores each new candidate as a `proposed`
 * atom (origin heuristic | model) with its anchors. Nothing is accepted here: that is a
 * person's action. The model call happens before the transaction opens.
 */
export async function runProposer(actorId: string, familyId: string, choice: TProposerChoice = "auto", proposer?: TProposer) {
  const chosen = proposer ?? (await chooseProposer(choice));
  const input = await gatherProposalInput(familyId);
  const proposals = await chosen.propose(input);
  const existing = new Set(input.existing.map(normalize));
  const fresh = proposals.filter((p) => {
    const key = normalize(p.statement);
    if (existing.has(key)) return false;
    existing.add(key);
    return true;
  });
  const created = await db().$transaction(async (tx) => {
    const atoms = [];
    for (const proposal of fresh) {
      const { anchors, testIds, ...fields } = proposal;
      const atom = await insertAtom(tx, actorId, familyId, { ...fields, replacedBy: [] }, chosen.origin);
      if (testIds?.length) await tx.atom.update({ where: { id: atom.id }, data: { proposedTestIds: testIds } });
      const saved = [];
      for (const anchor of anchors) {
        saved.push(await tx.evidenceAnchor.create({
          data: { familyId, atomId: atom.id, source: anchor.source, filePath: anchor.filePath, lineStart: anchor.lineStart, lineEnd: anchor.lineEnd, quote: anchor.quote, createdById: actorId },
          select: anchorSelect,
        }));
      }
      atoms.push({ ...atom, anchors: saved });
    }
    await recordEvent(tx, {
      actorId, action: "proposals.run", entity: "TaskFamily", entityId: familyId, familyId,
      after: { proposer: chosen.origin, proposed: proposals.length, created: atoms.map((a) => a.key), skipped: proposals.length - fresh.length },
    });
    return atoms;
  }, { timeout: 30_000 });
  return { proposer: chosen.origin, created, skipped: proposals.length - fresh.length };
}

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
