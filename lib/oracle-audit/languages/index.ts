// Pure: the languages the audit reads. Adding a language = one file beside this one, listed here.
import type { TLanguage } from "../language";
import { javascript } from "./javascript";
import { python } from "./python";
import { typescript } from "./typescript";

export const LANGUAGES: readonly TLanguage[] = [javascript, typescript, python];

export function languageOf(path: string): TLanguage | null {
  return LANGUAGES.find((l) => l.extensions.some((e) => path.endsWith(e))) ?? null;
}
