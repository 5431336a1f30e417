// Runs before routing (Next.js 16's proxy, formerly middleware). Its one job: a path
// whose percent-encoding does not decode gets a 400 — JSON in the API's error shape
// under /api, a small page elsewhere — instead of Next.js's plain-text 500.
// Access control is not here: every route checks it itself (lib/http/route.ts).
import { NextResponse, type NextRequest } from "next/server";
import { badEncodingMessage, badlyEncodedSegment } from "@/lib/http/path-encoding";

export function proxy(request: NextRequest) {
  const segment = badlyEncodedSegment(request.nextUrl.pathname);
  if (segment === null) return NextResponse.next();
  const message = badEncodingMessage(segment);
  if (request.nextUrl.pathname.startsWith("/api/") || request.nextUrl.pathname === "/api") {
    return NextResponse.json({ error: message, code: "INVALID_INPUT" }, { status: 400, headers: { "cache-control": "no-store" } });
  }
  return new NextResponse(badRequestPage(message), { status: 400, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

export const config = {
  // Static build assets are served from fixed names; everything else is checked.
  matcher: ["/((?!_next/static|_next/image).*)"],
};

function badRequestPage(message: string): string {
  const escaped = message.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request · SpecPath Studio</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:4rem auto;max-width:40rem;padding:0 1rem;color:#1f2937}a{color:#2563eb}</style></head>
<body><h1>Bad request</h1><p>${escaped}</p><p><a href="/">Back to the studio</a></p></body></html>`;
}
