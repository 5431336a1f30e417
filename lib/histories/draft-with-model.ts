import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/errors/app-error";
import type { TCondition, TTurn } from "@/lib/contract";
import { answerJson, chatCompletion } from "@/lib/proposals/chat-client";
import { modelEndpoint, type TModelEndpoint } from "@/lib/proposals/model-config";
import type { TLeakLintInput } from "./leak-lint";
import { applyDraftAnswer, draftRequest, type TDraftOutcome } from "./model-drafts";

export const DRAFT_PROMPT_FILE = "draft-history.md";

export type TDrafterChoice = "auto" | "template" | "model";
export type TDrafter = { kind: "template" } | { kind: "model"; endpoint: TModelEndpoint };

/** The configured model when there is one (or when asked for it, refusing when none is); templates otherwise. */
export async function chooseDrafter(choice: TDrafterChoice = "auto"): Promise<TDrafter> {
  if (choice === "template") return { kind: "template" };
  const endpoint = await modelEndpoint();
  if (endpoint) return { kind: "model", endpoint };
  if (choice === "model") throw new AppError("UNPROCESSABLE", "No model endpoint is configured: an admin sets the `model.endpoint` setting, or set STUDIO_MODEL_BASE_URL and STUDIO_MODEL.");
  return { kind: "template" };
}

/**
 * Asks the model to rewrite each condition's template turns, one request per history, before
 * any transaction opens. An answer that fails its checks leaves the templates (the reason is
 * kept); an endpoint that fails stops the scaffold with its reason, nothing written.
 */
export async function rewriteWithModel(
  endpoint: TModelEndpoint, drafts: readonly { condition: TCondition; turns: readonly TTurn[] }[], lint: TLeakLintInput,
  options: { timeoutMs?: number; promptFile?: string } = {},
): Promise<Map<TCondition, TDraftOutcome & { template: readonly TTurn[] }>> {
  const prompt = await readFile(path.join(process.cwd(), "prompts", options.promptFile ?? DRAFT_PROMPT_FILE), "utf8");
  const out = new Map<TCondition, TDraftOutcome & { template: readonly TTurn[] }>();
  for (const draft of drafts) {
    const content = await chatCompletion(endpoint, [{ role: "system", content: prompt }, { role: "user", content: draftRequest(draft.condition, draft.turns) }], {
      timeoutMs: options.timeoutMs, consequence: "nothing was scaffolded",
    });
    out.set(draft.condition, { ...applyDraftAnswer(draft.turns, answerJson(content), lint), template: draft.turns });
  }
  return out;
}
