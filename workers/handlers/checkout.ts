// Run kind `checkout`: the family's base and merge commits both check out.
import { checkoutBase } from "../../lib/runner/index";
import { EMPTY_RESULT, withRunContext, type RunHandler } from "./types";

export const handleCheckout: RunHandler = withRunContext(async (context, runner) => {
  const base = await checkoutBase(context.family.repo, context.family.baseCommit, runner);
  if (base.outcome !== "ok") return { ...EMPTY_RESULT, message: `Base commit: ${base.message}`, timings: { totalMs: base.durationMs } };
  const merge = await checkoutBase(context.family.repo, context.family.mergeCommit, runner);
  if (merge.outcome !== "ok") return { ...EMPTY_RESULT, message: `Merge commit: ${merge.message}`, timings: { totalMs: merge.durationMs } };
  return { ...EMPTY_RESULT, status: "passed", message: `Base ${base.commit.slice(0, 10)} checks out (${base.fileCount} files); merge commit resolves.`, timings: { totalMs: base.durationMs + merge.durationMs } };
});
