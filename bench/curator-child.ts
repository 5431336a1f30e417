// The scripted curator session of issue 23 on the pool, in its own process (server modules):
// the generated two-atom family with 30 existing tests (lib/testing/curator-family.ts) from the
// import of its repository to a green calibration and seven drafted histories, accepting only
// what the studio proposes. Counts the curator's inputs as e2e/curator-session.spec.ts clicks
// them — each decision (one mutation) and each change of tab — and the wall time. Prints one JSON line.
import fs from "node:fs";
import os from "node:os";
import { db } from "@/lib/db";
import { getGateReport } from "@/lib/families/get-gate-report";
import { startImport } from "@/lib/anchoring/imports/start-import";
import { admitCandidate } from "@/lib/anchoring/screening/admit-candidate";
import { applySlice } from "@/lib/anchoring/evidence/apply-slice";
import { getVerifier } from "@/lib/verifier/get-verifier";
import { saveVerifier } from "@/lib/verifier/save-verifier";
import { suggestRecipe } from "@/lib/verifier/recipes";
import { requestCollect } from "@/lib/probes/request-collect";
import { listProbes } from "@/lib/probes/list-probes";
import { addProbes } from "@/lib/probes/add-probes";
import { runProposer } from "@/lib/proposals/run-proposer";
import { acceptAtom } from "@/lib/atoms/accept-atom";
import { requestMining } from "@/lib/patches/mining/request-mining";
import { listMining } from "@/lib/patches/mining/list-mining";
import { decideCandidate } from "@/lib/patches/mining/decide-candidate";
import { temporaryAtomFromNegative } from "@/lib/patches/mining/temporary-atom-from-negative";
import { requestCalibration } from "@/lib/runs/request-runs";
import { scaffoldHistories } from "@/lib/histories/scaffold-histories";
import { createCuratorRepo } from "@/lib/testing/curator-family";
import { onPool, settle } from "./pool-session";

await onPool("curator", async () => {
  process.env.STUDIO_IMPORT_ROOTS = os.tmpdir();
  const curator = await db().user.create({ data: { email: "bench-curator-session@specpath.test", name: "Curator", roles: ["curator"] } });
  const suite = await db().suite.create({ data: { name: "curator session" } });
  const repo = await createCuratorRepo();
  try {
    let inputs = 0;
    let tabs = 0;
    const decide = <T>(p: Promise<T>) => { inputs++; return p; };
    /** A change of tab in the e2e: an input with no mutation behind it. */
    const tab = () => { inputs++; tabs++; };
    const started = performance.now();

    inputs++; // the repository path typed into the import form
    const job = await decide(startImport(curator.id, suite.id, { source: "local", repo: repo.dir }));
    let imported = await db().importJob.findUniqueOrThrow({ where: { id: job.id } });
    while (imported.status !== "done" && imported.status !== "failed") {
      await new Promise((r) => setTimeout(r, 100));
      imported = await db().importJob.findUniqueOrThrow({ where: { id: job.id } });
    }
    const candidate = await db().candidate.findFirstOrThrow({ where: { importJobId: job.id, kept: true } });
    const admitted = await decide(admitCandidate(curator.id, suite.id, candidate.id, {}));
    const id = admitted.familyId;
    await decide(applySlice(curator.id, id));
    await settle(id);

    tab(); // Verifier
    const verifier = await getVerifier(id);
    const recipe = suggestRecipe(verifier.hiddenTestPatch);
    if (!recipe) throw new Error("no recipe suggested from the hidden tests");
    await decide(saveVerifier(curator.id, id, {
      version: verifier.version ?? undefined, setupCommand: recipe.setupCommand ?? "", testCommand: recipe.testCommand, resultFormat: recipe.resultFormat,
      timeoutSec: verifier.timeoutSec, image: "", protocol: verifier.protocol, hiddenTestPatch: verifier.hiddenTestPatch,
    }));
    await decide(requestCollect(curator.id, id));
    await settle(id);
    const probes = await listProbes(id);
    await decide(addProbes(curator.id, id, { testIds: probes.proposedGuards, kind: "guard" }));

    tab(); // Atoms
    await decide(runProposer(curator.id, id, "heuristic"));
    const proposed = await db().atom.findMany({ where: { familyId: id, status: "proposed" }, orderBy: { key: "asc" } });
    inputs++; // "Accept all N proposed": one click, each accepted through its own route
    for (const atom of proposed) await acceptAtom(curator.id, id, atom.id, { version: atom.version });

    tab(); // Verifier
    await decide(requestMining(curator.id, id, {}));
    await settle(id);
    const mined = await listMining(id);
    const accepted: Record<string, string> = {};
    for (const atom of mined.atoms) {
      const best = atom.proposals[0];
      if (!best) throw new Error(`no selective negative was mined for ${atom.key}`);
      await decide(decideCandidate(curator.id, id, best.id, { decision: "accept", version: best.version, targetAtomId: atom.id }));
      accepted[atom.key] = best.id;
    }
    const last = mined.atoms.at(-1)!.key;
    await decide(temporaryAtomFromNegative(curator.id, id, accepted[last]!));

    tab(); // Runs
    await decide(requestCalibration(curator.id, id));
    await settle(id);
    const report = await getGateReport(id);
    const calibration = report.stages.find((s) => s.stage === "calibration")!;
    const red = calibration.gates.filter((g) => g.status !== "pass").map((g) => `${g.key}: ${g.missing}`);
    if (red.length > 0) throw new Error(`calibration is not green: ${red.join("; ")}`);
    const greenMs = performance.now() - started;

    tab(); // Histories
    const scaffold = await decide(scaffoldHistories(curator.id, id, {}));
    return {
      inputs, tabs, greenSeconds: greenMs / 1000, totalSeconds: (performance.now() - started) / 1000,
      histories: scaffold.created.length + scaffold.filled.length, guards: probes.proposedGuards.length, tried: mined.batch?.tried ?? 0, atoms: proposed.length,
    };
  } finally {
    fs.rmSync(repo.dir, { recursive: true, force: true });
  }
});
