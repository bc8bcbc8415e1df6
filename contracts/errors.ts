import { z } from "zod";
import { REFUSAL_CODES } from "./errors-constants.ts";
export * from "./errors-constants.ts";

/** Every error response of the API has this body; a refusal (409) also says why in `code`. */
export const errorBodySchema = z.object({ message: z.string(), code: z.enum(REFUSAL_CODES).optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
