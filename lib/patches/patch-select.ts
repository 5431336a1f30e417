// Pure: the fields of a patch every patches page and API reads (one Prisma select shape).
export const patchSelect = {
  id: true,
  kind: true,
  name: true,
  targetAtomId: true,
  targetAtom: { select: { key: true } },
  mode: true,
  diff: true,
  version: true,
  updatedAt: true,
} as const;
