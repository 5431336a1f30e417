import "server-only";
// The static audit of one family, incremental: the base's and gold's definitions and the
// hidden tests' extraction are cached by content; a history whose text an earlier audit
// (of the same gold, tests, probes and analyzer) already read keeps that audit's result,
// and only the histories whose text changed are classified. Sources are read only when
// a cache misses, so a re-audit of edited text touches no git tree at all.
import { definitionsOfFiles, definitionsOverBase, extractTests, type TFiles } from "@/lib/oracle-audit/audit-files";
import { auditFamily, type TFamilyAudit, type THistoryAudit } from "@/lib/oracle-audit/findings";
import type { TBaseFailure, TNotAudited, TTestExtraction, TTreeDefinitions } from "@/lib/oracle-audit/types";
import { unreadableReason } from "./audit-failure";
import { cachedValue, type TAuditCache } from "./definition-cache";
import { listDependencies, type TListedDependency } from "@/lib/oracle-audit/dependency-listing";
import { withObservedExpectations } from "@/lib/oracle-audit/dynamic-literals";

export type TStaticAuditSources = {
  /** The base tree: the audited sources it holds, and every path. */
  base(): Promise<{ files: TFiles; paths: string[] }>;
  /** Base + hidden tests + gold: the audited sources gold changes, every path, the hidden test files, and those it could not read (too large). */
  gold(): Promise<{ changed: TFiles; paths: string[]; testFiles: TFiles; unread?: TNotAudited[] }>;
};

/** A history's result from an earlier audit, reusable for any revision with the same text. */
export type TReusableHistory = Omit<THistoryAudit, "revisionId" | "condition"> & { listing: TListedDependency[] };

export type TStaticAuditHistory = { revisionId: string; condition: string; text: string; textHash: string };

type TDefinitionsEntry = { definitions: TTreeDefinitions; unreadable: TNotAudited[] };
type TTestsEntry = { tests: TTestExtraction[]; notAudited: TNotAudited[]; testFiles: string[] };

export type TStaticAuditResult = {
  audit: TFamilyAudit;
  tests: TTestExtraction[];
  testFiles: string[];
  listing: Map<string, TListedDependency[]>;
  stats: { baseCached: boolean; goldCached: boolean; testsCached: boolean; reused: number; classified: number };
};

export async function staticAudit(
  input: {
    cacheKeys: { base: string; gold: string }; histories: TStaticAuditHistory[]; probeTestIds: string[]; previous: ReadonlyMap<string, TReusableHistory>;
    /** How the hidden tests fail on the base (the latest calibration run of the base), for the dynamic literal rule. */
    baseFailures?: readonly TBaseFailure[] | null;
  },
  sources: TStaticAuditSources,
  cache: TAuditCache,
): Promise<TStaticAuditResult> {
  let gold: ReturnType<TStaticAuditSources["gold"]> | null = null;
  const goldSources = () => (gold ??= sources.gold());
  const base = await cachedValue<TDefinitionsEntry>(cache, `${input.cacheKeys.base}:definitions`, async () => {
    const tree = await sources.base();
    return safely(tree.files, (files) => definitionsOfFiles(files, tree.paths));
  });
  const goldDefs = await cachedValue<TDefinitionsEntry>(cache, `${input.cacheKeys.gold}:definitions`, async () => {
    const tree = await goldSources();
    return safely(tree.changed, (changed) => definitionsOverBase(base.value.definitions, changed, tree.paths));
  });
  const tests = await cachedValue<TTestsEntry>(cache, `${input.cacheKeys.gold}:tests`, async () => {
    const { testFiles, unread = [] } = await goldSources();
    const extracted = await extractTestsSafely(testFiles);
    return { tests: extracted.tests, notAudited: [...extracted.notAudited, ...unread], testFiles: Object.keys(testFiles) };
  });
  // A source the parser cannot handle is not audited (its names may then read as hidden), said once.
  const unreadableSources = [...base.value.unreadable, ...goldDefs.value.unreadable.filter((u) => !base.value.unreadable.some((b) => b.file === u.file))];
  const notAudited = [...tests.value.notAudited, ...unreadableSources];

  const fresh = input.histories.filter((h) => !input.previous.has(h.textHash));
  // What the base run shows each test expects, beside what the extractor read (dynamic-literals.ts).
  const observed = tests.value.tests.map((t) => withObservedExpectations(t, input.baseFailures ?? null));
  const common = { tests: observed, base: base.value.definitions, gold: goldDefs.value.definitions, testFiles: tests.value.testFiles, probeTestIds: input.probeTestIds };
  const audited = auditFamily({ ...common, notAudited, histories: fresh, baseFailures: input.baseFailures ?? null });
  const listing = listDependencies({ tests: common.tests, base: common.base, histories: audited.histories, probeTestIds: common.probeTestIds });
  const byRevision = new Map(audited.histories.map((h) => [h.revisionId, h]));
  const histories = input.histories.map((h): THistoryAudit => {
    const own = byRevision.get(h.revisionId);
    if (own) return own;
    const earlier = input.previous.get(h.textHash)!;
    listing.set(h.revisionId, earlier.listing);
    return { revisionId: h.revisionId, condition: h.condition, counts: earlier.counts, findings: earlier.findings.map((f) => ({ ...f, revisionId: h.revisionId })) };
  });
  return {
    audit: { histories, notAudited, dependencies: audited.dependencies },
    tests: observed,
    testFiles: tests.value.testFiles,
    listing,
    stats: { baseCached: base.cached, goldCached: goldDefs.cached, testsCached: tests.cached, reused: input.histories.length - fresh.length, classified: fresh.length },
  };
}

/** Definitions of `files`; a file whose parsing throws (say, nesting too deep) is left out and named. */
async function safely(files: TFiles, definitions: (files: TFiles) => Promise<TTreeDefinitions>): Promise<TDefinitionsEntry> {
  try {
    return { definitions: await definitions(files), unreadable: [] };
  } catch {
    const unreadable: TNotAudited[] = [];
    for (const [file, source] of Object.entries(files)) {
      try {
        await definitionsOfFiles({ [file]: source });
      } catch (error) {
        unreadable.push({ file, reason: `${unreadableReason(error)}, so what it defines is not known to the audit` });
      }
    }
    const readable = Object.fromEntries(Object.entries(files).filter(([file]) => !unreadable.some((u) => u.file === file)));
    return { definitions: await definitions(readable), unreadable };
  }
}

/** The hidden tests' extraction; a test file whose extraction throws is not audited, with the reason. */
async function extractTestsSafely(testFiles: TFiles): Promise<{ tests: TTestExtraction[]; notAudited: TNotAudited[] }> {
  try {
    return await extractTests(testFiles);
  } catch {
    const out = { tests: [] as TTestExtraction[], notAudited: [] as TNotAudited[] };
    for (const [file, source] of Object.entries(testFiles)) {
      try {
        const one = await extractTests({ [file]: source });
        out.tests.push(...one.tests);
        out.notAudited.push(...one.notAudited);
      } catch (error) {
        out.notAudited.push({ file, reason: unreadableReason(error) });
      }
    }
    return out;
  }
}
