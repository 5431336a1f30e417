import "server-only";
import { db } from "@/lib/db";

export async function listSuites() {
  const suites = await db().suite.findMany({
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      description: true,
      version: true,
      createdAt: true,
      _count: { select: { families: true, candidates: true } },
    },
  });
  return suites.map(({ _count, ...suite }) => ({ ...suite, families: _count.families, candidates: _count.candidates }));
}

export async function getSuite(suiteId: string) {
  return db().suite.findUnique({
    where: { id: suiteId },
    select: {
      id: true,
      name: true,
      description: true,
      settings: true,
      version: true,
      families: {
        orderBy: { createdAt: "asc" },
        select: { id: true, title: true, repo: true, frozen: true, prNumber: true, mergeCommit: true, createdAt: true },
      },
    },
  });
}
