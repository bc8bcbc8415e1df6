import { z } from "zod";

/** Every error response of the API has this body. */
export const errorBodySchema = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
