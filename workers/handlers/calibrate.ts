// Run kind `calibrate`: the verifier's probes on the base, gold or a fault patch.
import { executeProbes } from "./execute-probes";
import { withRunContext, type RunHandler } from "./types";

export const handleCalibrate: RunHandler = withRunContext((context, runner) => executeProbes(context, runner, { contentHash: true }));
