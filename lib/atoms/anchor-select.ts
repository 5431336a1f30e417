export const anchorSelect = {
  id: true,
  atomId: true,
  source: true,
  filePath: true,
  lineStart: true,
  lineEnd: true,
  quote: true,
  createdAt: true,
} as const;
