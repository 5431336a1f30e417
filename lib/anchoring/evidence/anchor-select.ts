// Pure: the fields of an evidence anchor every page and API reads (one Prisma select shape).
export const anchorSelect = {
  id: true,
  familyId: true,
  atomId: true,
  source: true,
  filePath: true,
  lineStart: true,
  lineEnd: true,
  quote: true,
  createdAt: true,
  createdBy: { select: { id: true, name: true } },
} as const;
