import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { ZAtomRoleSchema, ZPolaritySchema } from "@/lib/contract/types";
import type { TModelEndpoint } from "./model-config";
import { chatCompletion } from "./chat-client";
import { ZProposalAnchorSchema, type TProposal, type TProposalInput, type TProposer } from "./types";

/** The prompt lives in the repository, under prompts/, so it is reviewed like code. */
export const PROMPT_FILE = "extract-atoms.md";

const ZModelAtomSchema = z.object({
  statement: z.string().trim().min(1, "a statement is required").max(2000),
  scope: z.string().trim().max(500).default(""),
  inputCondition: z.string().trim().max(1000).default(""),
  polarity: ZPolaritySchema.default("require"),
  observation: z.string().trim().max(2000).default(""),
  role: ZAtomRoleSchema.exclude(["temporary"]).default("final"),
  anchors: z.array(ZProposalAnchorSchema.partial({ filePath: true, lineStart: true, lineEnd: true, quote: true })).max(20).default([]),
});
export const ZModelAnswerSchema = z.object({ atoms: z.array(ZModelAtomSchema).max(50) });

const SECTION_LIMIT = 40_000;
const clip = (text: string) => (text.length > SECTION_LIMIT ? `${text.slice(0, SECTION_LIMIT)}\n[… ${text.length - SECTION_LIMIT} more characters cut]` : text);

export function userMessage(input: TProposalInput): string {
  const section = (title: string, body: string, fence = "") => `## ${title}\n\n${body.trim() ? (fence ? `\`\`\`${fence}\n${clip(body)}\n\`\`\`` : clip(body)) : "(none)"}\n`;
  return [
    section("Task family", input.title),
    section("Linked issue", input.issue),
    section("Pull request description", input.description),
    section("Review discussion", input.review),
    section("In-slice source diff", input.sourcePatch, "diff"),
    section("Test diff", input.testPatch, "diff"),
    section("Already in the catalog", input.existing.map((s) => `- ${s}`).join("\n")),
  ].join("\n");
}

/** The content of a chat answer as JSON: a bare object, or one inside a ```json fence. */
export function parseAnswer(content: string): TProposal[] {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const raw = (fenced ? fenced[1]! : content).trim();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError("UNPROCESSABLE", "The model's answer is not JSON; nothing was proposed.", { detail: content.slice(0, 2000) });
  }
  const answer = ZModelAnswerSchema.safeParse(json);
  if (!answer.success) {
    const first = answer.error.issues[0];
    throw new AppError("UNPROCESSABLE", `The model's answer does not have the expected shape (${first?.path.join(".") || "answer"}: ${first?.message}); nothing was proposed.`, { detail: json });
  }
  return answer.data.atoms.map((atom) => ({
    ...atom,
    anchors: atom.anchors.map((a) => ({ source: a.source, filePath: a.filePath ?? null, lineStart: a.lineStart ?? null, lineEnd: a.lineEnd ?? a.lineStart ?? null, quote: a.quote ?? "" })),
  }));
}

type TModelOptions = { timeoutMs?: number; promptFile?: string };

/** The model-backed proposer: one chat-completions request, answer validated with zod. */
export function modelProposer(endpoint: TModelEndpoint, options: TModelOptions = {}): TProposer {
  return {
    origin: "model",
    async propose(input) {
      const prompt = await readFile(path.join(process.cwd(), "prompts", options.promptFile ?? PROMPT_FILE), "utf8");
      const content = await chatCompletion(endpoint, [{ role: "system", content: prompt }, { role: "user", content: userMessage(input) }], { timeoutMs: options.timeoutMs, consequence: "nothing was proposed" });
      return parseAnswer(content);
    },
  };
}
