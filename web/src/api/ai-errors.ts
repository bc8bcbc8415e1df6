import { ApiError } from "./client.ts";
import { AiStreamError } from "./stream-ai.ts";

/**
 * What a camper reads when an AI request fails: the server's own message when it sent one (JSON
 * `{ message }`, a short plain-text body, or a stream `error` event), otherwise `fallback`. Raw
 * network errors ("Failed to fetch") and HTML error pages become the fallback.
 */
export function aiErrorText(error: unknown, fallback: string): string {
  if (error instanceof AiStreamError) return error.message || fallback;
  if (error instanceof ApiError) {
    if (error.serverMessage !== error.message) return error.serverMessage;
    const body = error.bodyText.trim();
    if (body && !body.startsWith("<") && !body.startsWith("{") && body.length <= 500) return body;
    return fallback;
  }
  if (error instanceof TypeError) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
