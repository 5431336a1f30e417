// Moved to lib/families (lib/gates stays pure). Kept for callers still importing
// this path; remove once they import "@/lib/families/get-gate-report".
export { getGateReport } from "@/lib/families/get-gate-report";
