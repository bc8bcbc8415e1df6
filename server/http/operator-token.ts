import { timingSafeEqual } from "node:crypto";

/**
 * Whether a request carries the operators' token (METRICS_TOKEN) as `Authorization: Bearer <token>`:
 * it opens /metrics and the reasons /readyz gives. No token configured, nobody carries it.
 */
export function carriesOperatorToken(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return false;
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
