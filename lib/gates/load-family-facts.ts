// Moved to lib/families (lib/gates stays pure). Kept for callers still importing
// this path; remove once they import "@/lib/families/load-family-facts".
export { loadFamilyFacts } from "@/lib/families/load-family-facts";
