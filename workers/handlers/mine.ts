// Run kind `mine`: every probe and guard on one candidate negative mined from gold
// (lib/patches/mining). The same execution as a calibration run; the candidate's
// diff comes from its NegativeCandidate row instead of a Patch.
import { executeProbes } from "./execute-probes";
import { type Handler } from "./types";

export const handleMine: Handler = executeProbes;
