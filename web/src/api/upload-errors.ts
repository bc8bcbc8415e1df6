
/** The errors the upload loop (clip-uploader.ts) sorts requests into. */

export const SIGNED_OUT_MESSAGE = "You're signed out. Sign in again, then press Retry: the clip is safe on this device.";

/** The network failed, the server is busy or restarting, or the offset is in doubt: HEAD, then go on. */
export class TransientError extends Error {}
/** The upload URL is unknown or expired. */
export class GoneError extends Error {}
/** The server refused the bytes (413, 415, 422, other 4xx): retrying the same way cannot help. */
export class RefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "RefusedError";
  }
}
export class StoppedError extends Error {}

const TRANSIENT_STATUSES = new Set([408, 409, 423, 425, 429]);

/** The answer when it is a success; otherwise the error it is sorted into. */
export async function classify(response: Response): Promise<Response> {
  if (response.ok) return response;
  const { status } = response;
  if (status >= 500 || TRANSIENT_STATUSES.has(status)) {
    throw new TransientError(`${status}: ${await serverMessage(response)}`);
  }
  if (status === 404 || status === 410) throw new GoneError(await serverMessage(response));
  if (status === 401) throw new RefusedError(SIGNED_OUT_MESSAGE, 401, true);
  // 413 too large, 415 not a video, 422 unreadable, 400 ...: the server's words for the camper.
  throw new RefusedError(await serverMessage(response), status, status === 403);
}

/** The server's words for a refused request (its JSON message, or the text, or the status). */
export async function serverMessage(response: Response): Promise<string> {
  let text = "";
  try {
    text = await response.text();
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
  } catch {
    // not JSON
  }
  return text.trim() || `${response.status}: ${response.statusText || "Upload failed"}`;
}
