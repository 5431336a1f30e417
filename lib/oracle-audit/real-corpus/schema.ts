// Pure: the shape of one real-corpus case (cases/*.json) and its normal form: every label
// with a class per history and its probes spelled out. See README.md for the fields.
import { z } from "zod";

export const HISTORY_KEYS = ["full", "partial"] as const;
export type THistoryKey = (typeof HISTORY_KEYS)[number];

const category = z.enum(["visible", "specified", "inferable", "hidden"]);
export type TLabelCategory = z.infer<typeof category>;

const lineRange = z.tuple([z.number().int().min(1), z.number().int().min(1)]).refine(([a, b]) => a <= b, "a line range must run forward");

const labelInput = z.object({
  kind: z.enum(["path", "name", "literal"]),
  value: z.string(),
  module: z.string().nullable().optional(),
  owner: z.string().optional(),
  match: z.enum(["exact", "contains", "regex"]).optional(),
  file: z.string().min(1),
  probes: z.array(z.string()).optional(),
  class: z.union([category, z.object({ full: category, partial: category }).strict()]),
  informational: z.boolean().optional(),
  note: z.string().optional(),
}).strict();

export const caseInput = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "a case id is lower-case words joined by dashes"),
  repo: z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, "repo is owner/name"),
  pr: z.number().int().positive().nullable(),
  url: z.string().url(),
  baseCommit: z.string().regex(/^[0-9a-f]{40}$/, "baseCommit is a full 40-hex commit"),
  mergeCommit: z.string().regex(/^[0-9a-f]{40}$/, "mergeCommit is a full 40-hex commit"),
  language: z.enum(["javascript", "typescript", "python"]),
  runner: z.enum(["node:test", "tape", "mocha", "vitest", "jest", "pytest", "unittest"]),
  traps: z.array(z.string()),
  verifierCommand: z.string().optional(),
  tests: z.array(z.object({ path: z.string().min(1), keep: z.array(lineRange).optional() }).strict()).min(1),
  sources: z.array(z.string().min(1)).min(1),
  /** Empty when the hidden tests are all files the verifier never runs (a type-test file). */
  probes: z.array(z.string().min(1)),
  histories: z.object({ full: z.string().min(1), partial: z.string().min(1) }).strict(),
  dependencies: z.array(labelInput).min(1),
}).strict();

export type TCaseInput = z.infer<typeof caseInput>;

export interface TLabel {
  kind: "path" | "name" | "literal";
  value: string;
  module: string | null;
  owner: string | null;
  match: "exact" | "contains" | "regex" | null;
  file: string;
  probes: string[];
  class: Record<THistoryKey, TLabelCategory>;
  informational: boolean;
  note: string | null;
}

export type TRealCase = Omit<TCaseInput, "dependencies"> & { dependencies: TLabel[] };

/** The label's identity within a case: two labels never share it. */
export const labelKey = (l: Pick<TLabel, "file" | "kind" | "module" | "owner" | "value">) => `${l.file}|${l.kind}|${l.module ?? ""}|${l.owner ?? ""}|${l.value}`;

/** Parses one case file's JSON; throws an error naming the case file and the field that is wrong. */
export function parseCase(json: unknown, source: string): TRealCase {
  const parsed = caseInput.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${source}: ${issue.path.join(".") || "(case)"}: ${issue.message}`);
  }
  const c = parsed.data;
  return {
    ...c,
    dependencies: c.dependencies.map((d) => ({
      kind: d.kind,
      value: d.value,
      module: d.module ?? null,
      owner: d.owner ?? null,
      match: d.match ?? null,
      file: d.file,
      informational: d.informational ?? false,
      probes: d.probes ?? (d.informational ? [] : probesOfFile(c.probes, d.file)),
      class: typeof d.class === "string" ? { full: d.class, partial: d.class } : d.class,
      note: d.note ?? null,
    })),
  };
}

/**
 * A label's probes when it names none: every probe of its own test file, where the probe ids name their files
 * (`src/is.test.ts::isPrimitive`) — a test of another file cannot see the dependency — else every probe of the case.
 */
function probesOfFile(probes: readonly string[], file: string): string[] {
  const own = probes.filter((p) => p.startsWith(`${file}::`));
  return own.length > 0 ? own : [...probes];
}

/** The lines of a gold test file the case keeps (all of them without `keep`). */
export function keepLines(text: string, keep: readonly (readonly [number, number])[] | undefined): string {
  if (!keep) return text;
  const lines = text.split("\n");
  return keep.flatMap(([from, to]) => lines.slice(from - 1, to)).join("\n") + "\n";
}
