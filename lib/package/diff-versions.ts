import "server-only";
import { diffPackages } from "./diff";
import { loadFrozenPackage } from "./load-package";

/** Field-by-field changes from package `from` to package `to` (both frozen). */
export async function diffVersions(from: string, to: string) {
  const [a, b] = await Promise.all([loadFrozenPackage({ hash: from }), loadFrozenPackage({ hash: to })]);
  return { from: { hash: a.hash, version: a.content.family.version }, to: { hash: b.hash, version: b.content.family.version }, changes: diffPackages(a.content, b.content) };
}
