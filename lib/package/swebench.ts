// Pure: one SWE-bench-style instance per history, from the frozen package alone.
// SWE-bench's own fields (as in its Hugging Face datasets: FAIL_TO_PASS / PASS_TO_PASS are
// JSON-encoded lists) plus ours, so harnesses that read `problem_statement` run every history.
import { z } from "zod";
import { renderHistory } from "../histories/render-history";
import type { TPackage } from "./types";

const ZJsonStringListSchema = z.string().refine((s) => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) && v.every((x) => typeof x === "string");
  } catch {
    return false;
  }
}, "must be a JSON-encoded list of test ids");

export const ZSweBenchInstanceSchema = z.object({
  // SWE-bench
  instance_id: z.string().regex(/^[A-Za-z0-9._-]+__[A-Za-z0-9._-]+$/),
  repo: z.string().min(1),
  base_commit: z.string().regex(/^[0-9a-f]{7,64}$/),
  problem_statement: z.string().min(1),
  patch: z.string(),
  test_patch: z.string(),
  FAIL_TO_PASS: ZJsonStringListSchema,
  PASS_TO_PASS: ZJsonStringListSchema,
  hints_text: z.string(),
  created_at: z.string(),
  version: z.string(),
  environment_setup_commit: z.string(),
  // SpecPath
  turns: z.array(z.object({ turn: z.number().int().positive(), text: z.string() })),
  condition: z.string(),
  family: z.string(),
  package: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TSweBenchInstance = z.infer<typeof ZSweBenchInstanceSchema>;

export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "family";

export function sweBenchInstances(content: TPackage, hash: string): TSweBenchInstance[] {
  const gold = content.patches.find((p) => p.kind === "gold")?.diff ?? "";
  const family = `${slug(content.family.title)}-v${content.family.version}`;
  return content.histories.map((h) => ({
    instance_id: `${family}__${h.condition}`,
    repo: content.provenance.repo,
    base_commit: content.provenance.baseCommit,
    problem_statement: renderHistory(h.turns, content.protocol).content,
    patch: gold,
    test_patch: content.verifier.hiddenTestPatch,
    FAIL_TO_PASS: JSON.stringify(content.verifier.probes.map((p) => p.testId).filter((t) => !content.verifier.guardTests.includes(t))),
    PASS_TO_PASS: JSON.stringify(content.verifier.guardTests),
    hints_text: "",
    created_at: "",
    version: String(content.family.version),
    environment_setup_commit: content.provenance.baseCommit,
    turns: h.turns.map((t, i) => ({ turn: i + 1, text: t.text })),
    condition: h.condition,
    family: content.family.title,
    package: hash,
  }));
}

export function toJsonl(instances: readonly TSweBenchInstance[]): string {
  return instances.map((i) => JSON.stringify(i)).join("\n") + (instances.length ? "\n" : "");
}
