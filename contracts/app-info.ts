import { z } from "zod";

/** Public, non-personal facts the web client needs before sign-in (the camp banner). */
export const appInfoSchema = z.object({
  productName: z.string(),
  campTitle: z.string(),
  campYear: z.number().int(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
