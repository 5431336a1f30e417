// Run kind `replay`: the probes on a patch with a history revision's file in the workspace.
import { executeProbes } from "./execute-probes";
import { withRunContext, type RunHandler } from "./types";

export const handleReplay: RunHandler = withRunContext((context, runner) => executeProbes(context, runner, { contentHash: true }));
