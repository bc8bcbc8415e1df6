import type { RenderOptions } from "./render-jobs.repository.ts";

/** A value as JSON with its object keys sorted (PostgreSQL's jsonb keeps no key order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Whether a video made with `made` (the options a finished render records) is the one `wanted` asks for.
 * The fingerprint leaves the camp's card look out (decision 026a), so the cards are compared whole here;
 * automatic clip-sound captions record whether they were made, which the request cannot know ahead.
 */
export function sameChoices(made: RenderOptions, wanted: RenderOptions): boolean {
  const captions = wanted.captionsIfRead ? undefined : wanted.captions;
  return canonical({ ...made, captions: wanted.captionsIfRead ? undefined : made.captions }) === canonical({ ...wanted, captions });
}
