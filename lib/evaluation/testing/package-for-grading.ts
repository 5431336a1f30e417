import "server-only";
// Tests and benches: a frozen package row holding what grading reads, built from a real family's
// verifier (the full package is the freeze stage's; grading reads only this part of it).
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { CONDITIONS } from "@/lib/contract/types";

export async function packageForGrading(familyId: string, frozenById: string | null, title = "Secret lookup") {
  const family = await db().taskFamily.findUniqueOrThrow({
    where: { id: familyId },
    select: { repo: true, baseCommit: true, verifier: true, probes: { select: { testId: true }, orderBy: [{ position: "asc" }, { testId: "asc" }] } },
  });
  const v = family.verifier!;
  const content = {
    family: { title, version: 1 },
    provenance: { repo: family.repo, baseCommit: family.baseCommit },
    verifier: { setupCommand: v.setupCommand, testCommand: v.testCommand, resultFormat: v.resultFormat, timeoutSec: v.timeoutSec, image: v.image, probes: family.probes, hiddenTestPatch: v.hiddenTestPatch },
    protocol: { historyPath: ".specpath/history.md", agentTimeoutSec: 1200 },
    histories: CONDITIONS.map((condition) => ({ condition })),
  };
  const hash = crypto.createHash("sha256").update(JSON.stringify(content)).digest("hex");
  await db().package.create({ data: { familyId, hash, content, frozenAt: new Date(), frozenById } });
  return hash;
}

/** A patch with the same effect as `patch` but other bytes: it also adds a note file. */
export const variantOf = (patch: string, n: number) =>
  `${patch.endsWith("\n") ? patch : `${patch}\n`}diff --git a/notes/agent-${n}.txt b/notes/agent-${n}.txt\nnew file mode 100644\n--- /dev/null\n+++ b/notes/agent-${n}.txt\n@@ -0,0 +1 @@\n+attempt ${n}\n`;
