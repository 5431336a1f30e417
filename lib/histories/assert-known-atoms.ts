// Pure: a trace may name only accepted atoms of the family.
import type { TTurn } from "@/lib/contract";
import { AppError, type FieldErrors } from "@/lib/errors/app-error";
import { EVENT_KINDS } from "./turn-ops";

/** A trace may name only accepted atoms of the family; anything else is refused with the field named. */
export function assertKnownAtoms(catalog: readonly { key: string }[], turns: readonly TTurn[]) {
  const known = new Set(catalog.map((a) => a.key));
  const fieldErrors: FieldErrors = {};
  const sentences: string[] = [];
  turns.forEach((turn, i) => {
    for (const kind of EVENT_KINDS) {
      const unknown = turn[kind].filter((key) => !known.has(key));
      if (unknown.length === 0) continue;
      fieldErrors[`turns.${i}.${kind}`] = unknown.map((key) => `${key} is not an accepted atom of this family`);
      sentences.push(`turn ${i + 1} ${kind} ${unknown.join(", ")}`);
    }
  });
  if (sentences.length > 0) {
    throw new AppError("UNPROCESSABLE", `The trace names atoms that are not accepted atoms of this family: ${sentences.slice(0, 3).join("; ")}.`, { fieldErrors });
  }
}
