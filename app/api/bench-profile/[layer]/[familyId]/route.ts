// The bench's layered profile of a family API (lib/families/profile-layers.ts): a 404 unless the
// server was started with STUDIO_BENCH_PROFILE=1, and filler text, never data, when it was.
import { profileLayer } from "@/lib/families/profile-layers";

export const GET = profileLayer;
