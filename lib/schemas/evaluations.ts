// Pure: request shapes (zod) of the evaluations API.
import { z } from "zod";
import { ZIdSchema } from "./common";

export const ZEvaluationParamsSchema = z.object({ evaluationId: ZIdSchema });
export const ZEvaluationExportQuerySchema = z.object({ format: z.enum(["csv", "json"]).default("json") });
/** Uploads of agent results may be large: a predictions file of a whole matrix. */
export const RESULTS_MAX_BYTES = 32 * 1024 * 1024;
