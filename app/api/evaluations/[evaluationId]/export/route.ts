import { route } from "@/lib/http/route";
import { rowsToCsv } from "@/lib/evaluation/export-rows";
import { loadEvaluationReport } from "@/lib/evaluation/load-evaluation-report";
import { ZEvaluationExportQuerySchema, ZEvaluationParamsSchema } from "@/lib/schemas/evaluations";

/** Every scored row and every figure: CSV of the rows, or JSON of the whole report. */
export const GET = route(
  { roles: ["lead", "admin"], params: ZEvaluationParamsSchema, query: ZEvaluationExportQuerySchema },
  async ({ params, query }) => {
    const report = await loadEvaluationReport(params.evaluationId);
    const name = report.evaluation.name.replace(/[^A-Za-z0-9._-]+/g, "-");
    const body = query.format === "csv" ? rowsToCsv(report.rows) : JSON.stringify({ evaluation: report.evaluation, analysis: report.analysis, rows: report.rows, reruns: report.reruns }, null, 2);
    return new Response(body, {
      headers: {
        "content-type": query.format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${name}.${query.format}"`,
      },
    });
  },
);
