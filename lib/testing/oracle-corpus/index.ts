import "server-only";
// The labeled corpus, all languages.
import { JAVASCRIPT_CASES } from "./cases-javascript";
import { PYTHON_CASES } from "./cases-python";
import { TRAP_CASES } from "./cases-traps";
import { TYPESCRIPT_CASES } from "./cases-typescript";
import type { TCorpusCase } from "./types";

export const CORPUS: readonly TCorpusCase[] = [...JAVASCRIPT_CASES, ...TYPESCRIPT_CASES, ...PYTHON_CASES, ...TRAP_CASES];
