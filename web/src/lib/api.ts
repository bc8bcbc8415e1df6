import { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";

/** A non-OK response, worded "{status}: {body text}" (status text when the body is empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
  }

  /** The server's `{ message }` when the body is one, for showing to a camper. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      if (typeof parsed.message === "string") return parsed.message;
    } catch {
      // not JSON: fall through
    }
    return this.message;
  }
}

/**
 * Turns a non-OK response into an ApiError. For requests that keep their own transport (the AI's
 * event stream, multipart uploads), so every failure reads the same way.
 */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, response.statusText);
  }
}

/** Every call sends the session cookie; a JSON body and its content type only when there is a payload. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json" } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/** A response that is not what the shared contract says: a newer server, a proxy's error page. */
export class ContractError extends Error {
  constructor(url: string, issues: string) {
    super(`The server's answer to ${url} could not be read (${issues}). Reload the page and try again.`);
    this.name = "ContractError";
  }
}

/**
 * A contract's schema, or a loader of it. A loader keeps zod out of the first download: the sign-in
 * page asks who is signed in, and a signed-out visitor's 401 needs no schema at all.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

async function parseFrom<S extends z.ZodType>(source: SchemaSource<S>, url: string, body: unknown): Promise<z.infer<S>> {
  return parseWith(typeof source === "function" ? await source() : source, url, body);
}

/** `body` as `schema` says, or a ContractError naming the first field that is not. */
export function parseWith<S extends z.ZodType>(schema: S, url: string, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ContractError(url, first ? `${first.path.join(".") || "body"}: ${first.message}` : "unexpected shape");
  }
  return parsed.data;
}

/**
 * GET `url` and check the JSON against the shared contract (contracts/*.ts), so a screen never works
 * on a shape it did not expect.
 */
export async function getJson<S extends z.ZodType>(url: string, schema: SchemaSource<S>, options: { signal?: AbortSignal } = {}): Promise<z.infer<S>> {
  return (await getJsonWithHeaders(url, schema, options)).data;
}

/** getJson for answers that carry part of their meaning in headers (a list's next-page cursor). */
export async function getJsonWithHeaders<S extends z.ZodType>(
  url: string,
  schema: SchemaSource<S>,
  options: { signal?: AbortSignal } = {},
): Promise<{ data: z.infer<S>; headers: Headers }> {
  const response = await fetch(url, { credentials: "include", signal: options.signal });
  await throwIfNotOk(response);
  return { data: await parseFrom(schema, url, await response.json()), headers: response.headers };
}

/**
 * GET `url` as `schema`; the `nullOn` status (404 unless told: "there is none") answers null. The
 * signed-in user asks with 401, which means "signed out", not a failure.
 */
export async function getJsonOrNull<S extends z.ZodType>(
  url: string,
  schema: SchemaSource<S>,
  options: { signal?: AbortSignal; nullOn?: 401 | 404 } = {},
): Promise<z.infer<S> | null> {
  const response = await fetch(url, { credentials: "include", signal: options.signal });
  if (response.status === (options.nullOn ?? 404)) {
    // The answer's words are not needed, but its connection is: API answers are never cached (no-store),
    // so an unread body would hold the connection until the response is collected.
    await response.body?.cancel();
    return null;
  }
  await throwIfNotOk(response);
  return parseFrom(schema, url, await response.json());
}

/** POST `form` as multipart (the browser sets the boundary), the answer checked against `schema`. */
export async function sendForm<S extends z.ZodType>(url: string, form: FormData, schema: SchemaSource<S>): Promise<z.infer<S>> {
  const response = await fetch(url, { method: "POST", body: form, credentials: "include" });
  await throwIfNotOk(response);
  return parseFrom(schema, url, await response.json());
}

/** Biggest body a keepalive request may carry (browsers cap them at 64 KiB). */
export const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * POST/PATCH/PUT/DELETE with an optional JSON body, the answer checked against `schema`. keepalive:
 * the request outlives the page (page hide, closing the tab) when the body is small enough.
 */
export async function sendJson<S extends z.ZodType>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  data: unknown,
  schema: SchemaSource<S>,
  options: { keepalive?: boolean; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  const body = data !== undefined ? JSON.stringify(data) : undefined;
  const response = await fetch(url, {
    method,
    headers: body !== undefined ? { "Content-Type": "application/json" } : {},
    body,
    credentials: "include",
    signal: options.signal,
    keepalive: options.keepalive === true && (body === undefined || new Blob([body]).size <= KEEPALIVE_MAX_BYTES),
  });
  await throwIfNotOk(response);
  return parseFrom(schema, url, await response.json());
}

/**
 * One query key per resource, shared by every screen: a show is cached once, so what one screen
 * saves is what the next one reads. Every key of a show starts with ["/api/recordings", "{id}"], so
 * invalidating the show refreshes its clips, voice-over and renders too.
 */
export const apiKeys = {
  showsRoot: ["/api/recordings"] as const,
  show: (id: number | string) => ["/api/recordings", String(id)] as const,
  showRenders: (showId: number | string) => ["/api/recordings", String(showId), "renders"] as const,
  voiceOver: (showId: number | string) => ["/api/recordings", String(showId), "voice-over"] as const,
  showReview: (showId: number | string) => ["/api/recordings", String(showId), "review"] as const,
  showShares: (showId: number | string) => ["/api/recordings", String(showId), "shares"] as const,
  /** The show's shot list (record to the script): every shot change answers the whole list. */
  showShots: (showId: number | string) => ["/api/recordings", String(showId), "shots"] as const,
  /** What is in the show's video, in order (the editor's sections); a take chosen or a trim asks again. */
  showSections: (showId: number | string) => ["/api/recordings", String(showId), "sections"] as const,
  /** The clips' total next to the voice's length; a new voice, script or trim asks again. */
  showLength: (showId: number | string, voice?: string | null) =>
    ["/api/recordings", String(showId), "length", voice ?? "show's voice"] as const,
  render: (id: number | string) => ["/api/renders", String(id)] as const,
  /** The music library (GET /api/music): the same for everyone, asked for once the final video's choices show. */
  music: ["/api/music"] as const,
};

/** The human message of any error thrown by apiRequest or a query. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Queries ask once: no retries, data never stale, no refetch on focus, no polling. No default query
 * function: every query names its own, with the schema its answer is checked against.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
