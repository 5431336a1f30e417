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
