// Pure: canonical JSON (RFC 8785, JSON Canonicalization Scheme) through the `canonicalize` package.
import canonicalize from "canonicalize";

/** The one byte string a package's hash is taken over: same value, same bytes, in every studio. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("This value has no canonical JSON form (undefined at the top level).");
  return text;
}
