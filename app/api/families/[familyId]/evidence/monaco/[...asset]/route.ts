// Monaco's own files for the diff viewer, served by the studio so the editor works offline
// (@monaco-editor/react would fetch them from a CDN). Library code only: any signed-in user.
import { z } from "zod";
import { route } from "@/lib/http/route";
import { readMonacoAsset } from "@/lib/anchoring/evidence/monaco-assets";

const ZParams = z.object({ familyId: z.string(), asset: z.array(z.string().min(1)).min(1) });

export const GET = route({ roles: "any", params: ZParams }, async ({ params }) => readMonacoAsset(params.asset));
