// Pure: an atom's anchors are the evidence anchors that cite it: one shape for both pages.
export { anchorSelect } from "@/lib/anchoring/evidence/anchor-select";
