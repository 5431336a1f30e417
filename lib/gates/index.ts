// Pure: the gate module's public names.
export * from "./types";
export { buildGateReport } from "./report";
export { BASE, indexRuns, type TRunGroup, type TRunIndex } from "./runs";
