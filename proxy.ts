// Runs before routing (Next.js 16's proxy, formerly middleware), in the Node.js runtime.
// Two jobs: a path whose percent-encoding does not decode gets a 400 — JSON in the API's
// error shape under /api, a small page elsewhere — instead of Next.js's plain-text 500;
// and a studio page opens only for the roles of lib/auth/page-access.ts (signed out →
// /signin, wrong role → /forbidden). The pages are prerendered shells that read no session
// while rendering, so this is their guard; the data comes from APIs that check roles and
// blindness themselves (lib/http/route.ts), so the proxy is never the API's only guard.
import { NextResponse, type NextRequest } from "next/server";
import { badEncodingMessage, badlyEncodedSegment } from "@/lib/http/path-encoding";
import { pageDecision, pageRoles } from "@/lib/auth/page-access";
import { requestUser } from "@/lib/auth/request-user";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname } = request.nextUrl;
  const segment = badlyEncodedSegment(pathname);
  if (segment !== null) return badEncoding(pathname, badEncodingMessage(segment));
  if (pageRoles(pathname) === null) return NextResponse.next();
  let user;
  try {
    user = await requestUser(request);
  } catch (error) {
    // Who is signed in cannot be told without the database: refuse the page (never open it unchecked) with a notice.
    if (isDatabaseUnavailable(error)) return databaseUnavailable();
    throw error;
  }
  const decision = pageDecision(pathname, user?.roles ?? null);
  if (decision.kind === "open") return NextResponse.next({ headers: { "cache-control": PAGE_CACHE_CONTROL } });
  const to = new URL(decision.kind === "signin" ? "/signin" : "/forbidden", request.url);
  return NextResponse.redirect(to, { headers: { "cache-control": "no-store" } });
}

/**
 * A page this proxy opened for one person's role. Next marks a prerendered shell `s-maxage=…`, so a
 * shared cache in front of the studio (a CDN, a reverse proxy) would hand it on to the next person
 * without asking this proxy; private and never stored, like Next's own dynamic pages. Next keeps a
 * Cache-Control it finds on the response (send-payload.ts), so this one is what the browser gets.
 */
const PAGE_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

export const config = {
  // Static build assets are served from fixed names; everything else is checked.
  matcher: ["/((?!_next/static|_next/image).*)"],
};

function badEncoding(pathname: string, message: string): NextResponse {
  if (pathname.startsWith("/api/") || pathname === "/api") {
    return NextResponse.json({ error: message, code: "INVALID_INPUT" }, { status: 400, headers: { "cache-control": "no-store" } });
  }
  return new NextResponse(badRequestPage(message), { status: 400, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

const HTML_HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": "3" };

/** app/error.tsx's notice for a page the proxy cannot check: it reloads on its own once /api/health answers. */
function databaseUnavailable(): NextResponse {
  return new NextResponse(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Database unavailable · SpecPath Studio</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:4rem auto;max-width:40rem;padding:0 1rem;color:#1f2937}</style></head>
<body><main role="alert" data-testid="page-error"><h1>The database is unavailable</h1><p>The studio is restarting its database or cannot reach it. This page reloads on its own as soon as it is back; nothing you saved is lost.</p></main>
<script>setInterval(function(){fetch("/api/health",{cache:"no-store"}).then(function(r){if(r.ok)location.reload()},function(){})},3000)</script></body></html>`, { status: 503, headers: HTML_HEADERS });
}

function badRequestPage(message: string): string {
  const escaped = message.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request · SpecPath Studio</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:4rem auto;max-width:40rem;padding:0 1rem;color:#1f2937}a{color:#2563eb}</style></head>
<body><h1>Bad request</h1><p>${escaped}</p><p><a href="/">Back to the studio</a></p></body></html>`;
}
