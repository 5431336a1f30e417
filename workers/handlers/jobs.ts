// One handler per job kind besides runs (runs: ./index.ts): adding a kind to JOB_KINDS without a
// handler here is a type error.
import type { z } from "zod";
import type { JOB_KINDS, TJobKind } from "@/lib/jobs/definitions";
import type { TJobHandler } from "./types";

// Loaded on the first job of its kind: a worker that only runs runs starts as fast as before.
export const JOB_HANDLERS: { [K in TJobKind]: TJobHandler<z.infer<(typeof JOB_KINDS)[K]["payload"]>> } = {
  suite_export: async (payload, worker) => (await import("./suite_export")).handleSuiteExport(payload, worker),
  import: async (payload, worker) => (await import("./import")).handleImport(payload, worker),
};
