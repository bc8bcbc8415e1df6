import type { z } from "zod";
import { ContractError } from "./client.ts";

/**
 * `body` as `schema` says, or a ContractError naming the first field that is not. Only for answers a
 * screen reads after a camper's action (the AI's event stream), whose schemas load with that action:
 * a first visit downloads no zod (decision 029a).
 */
export function parseWith<S extends z.ZodType>(schema: S, url: string, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ContractError(url, first ? `${first.path.join(".") || "body"}: ${first.message}` : "unexpected shape");
  }
  return parsed.data;
}
