import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { importJobSelect, toImportJobDto } from "./import-job-select";

export async function getImport(jobId: string) {
  const job = await db().importJob.findUnique({ where: { id: jobId }, select: importJobSelect });
  if (!job) throw notFound("Import", jobId);
  return toImportJobDto(job);
}

export async function listImports(suiteId: string, take = 10) {
  const suite = await db().suite.findUnique({ where: { id: suiteId }, select: { id: true } });
  if (!suite) throw notFound("Suite", suiteId);
  const jobs = await db().importJob.findMany({ where: { suiteId }, orderBy: { createdAt: "desc" }, take, select: importJobSelect });
  return jobs.map(toImportJobDto);
}
