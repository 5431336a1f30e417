// Run kind `mine`, two shapes. A run with a candidate (lib/patches/mining) runs every
// probe and guard on it — the same execution as a calibration run, the diff coming from
// its NegativeCandidate row. A run without one is the mining request itself: it
// generates the candidates from gold and queues their runs.
import { generateCandidates } from "@/lib/patches/mining/generate-candidates";
import { executeProbes } from "./execute-probes";
import { EMPTY_RESULT, withRunContext, type RunHandler } from "./types";

// A mined candidate's bits are judged against the probes they ran over (lib/patches/mining/list-mining.ts).
export const handleMine: RunHandler = withRunContext(async (context, runner) => {
  if (context.run.negativeCandidate) return executeProbes(context, runner, { contentHash: false });
  const { generated, tried } = await generateCandidates(context.run.id);
  return { ...EMPTY_RESULT, status: "passed", message: `Generated ${generated} candidate negative(s) from gold; running ${tried}.`, probeIds: context.probeIds };
});
