// Pure: the offline proposer: one candidate per test the test diff adds or changes, with the
// test's name as the statement draft, its assertions as the observation draft, and the
// hunk lines it touches as evidence anchors. Pure: no I/O.
import { ASSERTION, findChangedTests, polarityFromName, statementFromName, touches } from "./changed-tests";
import { proposeFromExecution } from "./execution";
import type { TProposal, TProposalInput, TProposer } from "./types";

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

export function proposeFromTests(input: Pick<TProposalInput, "testPatch" | "existing">): TProposal[] {
  const existing = new Set(input.existing.map(normalize));
  const proposals: TProposal[] = [];
  for (const test of findChangedTests(input.testPatch)) {
    const statement = statementFromName(test.name);
    if (existing.has(normalize(statement))) continue;
    existing.add(normalize(statement));
    const assertions = test.lines.filter((l) => ASSERTION.test(l.text)).map((l) => l.text.trim());
    const touched = test.lines.filter(touches);
    proposals.push({
      statement,
      scope: "",
      inputCondition: "",
      polarity: polarityFromName(test.name),
      observation: assertions.length > 0 ? assertions.slice(0, 4).join("\n") : "",
      role: "final",
      anchors: [{
        source: "diff",
        filePath: test.file,
        lineStart: touched[0]!.line,
        lineEnd: touched.at(-1)!.line,
        quote: test.declaration,
      }],
    });
  }
  return proposals;
}

export const heuristicProposer: TProposer = {
  origin: "heuristic",
  // runProposer drops statements already in the catalog and counts them as skipped.
  // What ran comes first: FAIL_TO_PASS tests from the last collection (base and gold);
  // without such a collection, every test the test diff adds or changes.
  propose: async (input) => {
    const fromRuns = proposeFromExecution(input, input.executed ?? []);
    return fromRuns.length > 0 ? fromRuns : proposeFromTests({ testPatch: input.testPatch, existing: [] });
  },
};
