// Run kind `replay`: the probes on a patch with a history revision's file in the workspace.
import { executeProbes } from "./execute-probes";
import { type Handler } from "./types";

export const handleReplay: Handler = executeProbes;
