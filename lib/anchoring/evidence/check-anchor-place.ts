import "server-only";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TCreateAnchor } from "@/lib/schemas/evidence";
import { mirrorForContents, readFileAt } from "./file-contents";

const refuse = (field: string, message: string) =>
  new AppError("INVALID_INPUT", `Invalid request body — ${field}: ${message}`, { fieldErrors: { [field]: [message] } });

/** Lines of a text as an editor numbers them (a final newline opens no new line). */
export function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/**
 * Checks where a diff anchor points before it is saved, for either tab: the file is one of
 * the family's diff files, and its lines exist in that file at the merge commit (the side the
 * evidence viewer selects in). Quotes from the issue, description or review need no check.
 */
export async function checkAnchorPlace(familyId: string, input: TCreateAnchor): Promise<void> {
  if (input.source !== "diff" || !input.filePath) return;
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { repo: true, mergeCommit: true } });
  if (!family) throw notFound("Task family", familyId);
  const file = await db().diffFile.findFirst({ where: { familyId, path: input.filePath }, select: { binary: true } });
  if (!file) throw refuse("filePath", `${input.filePath} is not a file of this diff`);
  if (file.binary) throw refuse("filePath", `${input.filePath} is binary: it has no lines to anchor`);
  const last = input.lineEnd ?? input.lineStart;
  if (!last) return;
  const opened = await mirrorForContents(family.repo);
  if ("unavailable" in opened) throw new AppError("UNPROCESSABLE", `The anchor's lines cannot be checked: ${opened.unavailable}.`);
  const read = await readFileAt(opened.mirror, family.mergeCommit, input.filePath);
  if ("unavailable" in read) throw refuse("lineStart", `no such lines: ${read.unavailable}`);
  const lines = lineCount(read.text);
  if (last > lines) throw refuse(input.lineEnd ? "lineEnd" : "lineStart", `${input.filePath} has ${lines} line${lines === 1 ? "" : "s"} at the merge commit`);
}
