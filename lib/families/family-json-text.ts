import "server-only";
import { notFound } from "@/lib/errors/app-error";
import { toJsonText } from "@/lib/http/respond";
import { familyFingerprint } from "./family-fingerprint";
import { cachedTextByFingerprint, fingerprintCacheOff } from "./fingerprint-cache";

/**
 * A family route's answer as JSON text, kept while the family's fingerprint stands: one statement
 * per request, which also tells a family that does not exist (404). `compute` gets the fingerprint
 * it is kept under, to hand to what it reads through the cache itself.
 */
export async function familyJsonText(
  kind: string, familyId: string, compute: (fingerprint?: string) => Promise<unknown>,
  fingerprintOf: (familyId: string) => Promise<string> = familyFingerprint,
): Promise<string> {
  if (fingerprintCacheOff()) return toJsonText(await compute());
  const fingerprint = await fingerprintOf(familyId);
  if (fingerprint === "") throw notFound("Task family", familyId);
  return cachedTextByFingerprint(kind, familyId, fingerprint, async () => toJsonText(await compute(fingerprint)));
}
