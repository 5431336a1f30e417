// Run kind `calibrate`: the verifier's probes on the base, gold or a fault patch.
import { executeProbes } from "./execute-probes";
import { type Handler } from "./types";

export const handleCalibrate: Handler = executeProbes;
