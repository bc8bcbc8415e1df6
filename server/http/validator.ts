import type { FastifyInstance, FastifySchemaValidationError } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";

type ValidatorCompiler = Parameters<FastifyInstance["setValidatorCompiler"]>[0];
type Validation = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

function isEmpty(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  for (const key in data) if (Object.hasOwn(data, key)) return false;
  return true;
}

/**
 * Each route's request contract checked by zod, as fastify-type-provider-zod does. A request without a
 * query string (the list every screen opens with, nearly every GET) has nothing to check: when the
 * route's query contract takes an empty query as an empty one (no defaults, no required keys, found
 * once here by asking zod itself), such a request skips zod's parse and gets what zod would answer.
 * Any query that has a key is checked by zod as before.
 */
export const validatorCompiler: ValidatorCompiler = (route) => {
  const validate = (zodValidatorCompiler as unknown as ValidatorCompiler)(route) as (data: unknown) => Validation;
  if (route.httpPart !== "querystring") return validate;
  const answer = validate({});
  if (answer.error || !isEmpty(answer.value)) return validate;
  return (data: unknown): Validation => (isEmpty(data) ? { value: {} } : validate(data));
};
