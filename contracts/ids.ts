import { z } from "zod";
import { ID_MIN, ID_MAX, WHOLE_NUMBER } from "./ids-constants.ts";
export * from "./ids-constants.ts";

/** Marks a path-id issue the error handler answers with 404 instead of 400. */
export const NOT_FOUND_ISSUE = { status: 404 } as const;

/** An id inside a JSON body (or any already-numeric value). */
export function idSchema(label = "Id") {
  return z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(ID_MIN, `${label} must be at least ${ID_MIN}`)
    .max(ID_MAX, `${label} must be at most ${ID_MAX}`);
}

/** An id in a query string: digits within the database's range, else 400. */
export function idQuerySchema(label = "Id") {
  return z
    .string()
    .regex(WHOLE_NUMBER, `${label} must be a whole number`)
    .transform(Number)
    .pipe(idSchema(label));
}

/** An id in a path: `{ id }` params whose out-of-range whole numbers answer 404 with `notFoundMessage`. */
export function idParamsSchema(label: string, notFoundMessage: string) {
  return z.strictObject({
    id: z
      .string()
      .regex(WHOLE_NUMBER, `${label} id must be a whole number`)
      .transform((raw, ctx) => {
        const id = Number(raw);
        if (id < ID_MIN || id > ID_MAX) {
          ctx.addIssue({ code: "custom", message: notFoundMessage, params: NOT_FOUND_ISSUE });
          return z.NEVER;
        }
        return id;
      }),
  });
}
