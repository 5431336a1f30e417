import "server-only";
// The bench's layered profile of a family API (bench/api-layers.ts): the same request
// answered after each part of what GET /api/families/<id> does — nothing (Next's own
// work), the session cookie decoded, the user and roles looked up, the role checked, the
// fingerprint statement (one per request, then shared by the requests in flight), the whole
// route() wrapper — so each part's cost per request shows
// beside the static file and the real route. Open only when the server was started with
// STUDIO_BENCH_PROFILE=1 (bench/platform.ts does), a 404 otherwise. Every layer answers
// filler text of the requested size, never family data: the first layers check nothing.
import type { NextRequest } from "next/server";
import { z } from "zod";
import { getToken } from "next-auth/jwt";
import { notFound } from "@/lib/errors/app-error";
import { decodeSessionToken } from "@/lib/auth/session-token";
import { loadSessionUser } from "@/lib/auth/current-user";
import { hasAnyRole } from "@/lib/auth/roles";
import { familySummaryFingerprint, ownSummaryFingerprint } from "./family-fingerprint";
import { assertMayOpenFamilies } from "@/lib/family-guard/access";
import { ZIdSchema } from "@/lib/schemas/common";
import { errorResponse, jsonText } from "@/lib/http/respond";
import { route } from "@/lib/http/route";

export const PROFILE_LAYERS = ["bare", "token", "session", "role", "fingerprint", "shared-fingerprint", "route"] as const;
type TLayer = (typeof PROFILE_LAYERS)[number];

const MAX_FILLER = 1024 * 1024;
const fillers = new Map<number, string>();
function filler(req: NextRequest): string {
  const bytes = Math.min(MAX_FILLER, Math.max(2, Number(req.nextUrl.searchParams.get("bytes")) || 2));
  let text = fillers.get(bytes);
  if (!text) fillers.set(bytes, (text = JSON.stringify("x".repeat(bytes - 2))));
  return text;
}

const FAMILY_ROLES = ["curator", "lead", "admin"] as const;
const unauthenticated = () => jsonText(JSON.stringify({ error: "Sign in to use this API.", code: "UNAUTHENTICATED" }), 401);
const forbidden = () => jsonText(JSON.stringify({ error: "Forbidden.", code: "FORBIDDEN" }), 403);

const wrapped = route(
  { roles: FAMILY_ROLES, params: z.object({ layer: z.string(), familyId: ZIdSchema }) },
  async ({ req, user, params }) => {
    assertMayOpenFamilies(user);
    if ((await familySummaryFingerprint(params.familyId)) === "") throw notFound("Task family", params.familyId);
    return jsonText(filler(req));
  },
);

type Context = { params: Promise<Record<string, string | string[]>> };

export async function profileLayer(req: NextRequest, context: Context): Promise<Response> {
  const { layer, familyId } = await context.params;
  if (process.env.STUDIO_BENCH_PROFILE !== "1" || !PROFILE_LAYERS.includes(layer as TLayer) || typeof familyId !== "string") {
    return errorResponse(notFound("Profile layer", String(layer)));
  }
  const upTo = PROFILE_LAYERS.indexOf(layer as TLayer);
  if (layer === "route") return wrapped(req, context);
  if (upTo >= 1) {
    const token = await getToken({ req, secret: process.env.NEXTAUTH_SECRET, decode: decodeSessionToken });
    if (!token?.sub) return unauthenticated();
    if (upTo >= 2) {
      const user = await loadSessionUser(token.sub);
      if (!user) return unauthenticated();
      if (upTo >= 3 && !hasAnyRole(user.roles, FAMILY_ROLES)) return forbidden();
      const fingerprint = upTo === 4 ? ownSummaryFingerprint : familySummaryFingerprint;
      if (upTo >= 4 && (await fingerprint(familyId)) === "") return errorResponse(notFound("Task family", familyId));
    }
  }
  return jsonText(filler(req));
}
