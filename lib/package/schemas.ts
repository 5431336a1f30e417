// Pure: request bodies of the package routes (shared by the forms and the handlers).
import { z } from "zod";
import { ZAnnotationKindSchema } from "@/lib/contract/types";

export const ZAddAnnotationSchema = z.object({
  kind: ZAnnotationKindSchema,
  body: z.string().trim().min(1, "must say what the asymmetry or erratum is").max(20_000),
  rationale: z.string().trim().min(1, "must give the rationale").max(20_000),
});
export type TAddAnnotation = z.infer<typeof ZAddAnnotationSchema>;
