// Pure: a request path whose percent-encoding does not decode (a truncated escape
// like `%E0%A4%A`, or the bytes of a lone surrogate like `%ED%A0%80`) cannot name any
// route or page. Next.js once answered such paths with a plain-text 500; proxy.ts
// answers 400 before routing, naming the segment, by this rule.

/** The first path segment (as sent) whose percent-encoding is not valid UTF-8, or null. */
export function badlyEncodedSegment(pathname: string): string | null {
  for (const segment of pathname.split("/")) {
    if (!segment.includes("%")) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return null;
}

/** The sentence both the API (JSON) and the page answer carry. */
export function badEncodingMessage(segment: string): string {
  const shown = segment.length > 80 ? `${segment.slice(0, 80)}…` : segment;
  return `The address is not valid: the path segment "${shown}" has percent-encoding that is not valid UTF-8 (a truncated escape or an invalid byte sequence).`;
}
