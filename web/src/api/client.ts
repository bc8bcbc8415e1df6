import { QueryClient } from "@tanstack/react-query";

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
 * How the client reads an answer. The server sends every answer through its contract's schema
 * (contracts/*.ts), so the client takes it as the contract's type without parsing it again: that
 * keeps zod out of every screen's download (decision 029a). What a screen still depends on is checked
 * here: the answer is JSON, and, where a caller names them, it carries the fields the caller is about
 * to use (a proxy's page or a half answer is a ContractError a camper can read, never a crash later).
 */
export type ReadOptions = { signal?: AbortSignal; fields?: readonly string[] };

/** The JSON of `response`, or a ContractError saying why it is not what the caller can use. */
export async function readAnswer<T>(response: Response, url: string, fields?: readonly string[]): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ContractError(url, "not JSON");
  }
  if (fields) checkFields(body, url, fields);
  return body as T;
}

/** `body` is an object carrying every one of `fields`, or a ContractError naming the first it lacks. */
export function checkFields(body: unknown, url: string, fields: readonly string[]): void {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ContractError(url, "body: not an object");
  const missing = fields.find((field) => (body as Record<string, unknown>)[field] === undefined);
  if (missing !== undefined) throw new ContractError(url, `${missing}: missing`);
}

/** GET `url` as the contract's type `T` (see ReadOptions for what is checked). */
export async function getJson<T>(url: string, options: ReadOptions = {}): Promise<T> {
  return (await getJsonWithHeaders<T>(url, options)).data;
}

/** getJson for answers that carry part of their meaning in headers (a list's next-page cursor). */
export async function getJsonWithHeaders<T>(url: string, options: ReadOptions = {}): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(url, { credentials: "include", signal: options.signal });
  await throwIfNotOk(response);
  return { data: await readAnswer<T>(response, url, options.fields), headers: response.headers };
}

/**
 * GET `url` as `T`; the `nullOn` status (404 unless told: "there is none") answers null. The
 * signed-in user asks with 401, which means "signed out", not a failure.
 */
export async function getJsonOrNull<T>(url: string, options: ReadOptions & { nullOn?: 401 | 404 } = {}): Promise<T | null> {
  const response = await fetch(url, { credentials: "include", signal: options.signal });
  if (response.status === (options.nullOn ?? 404)) {
    // The answer's words are not needed, but its connection is: API answers are never cached (no-store),
    // so an unread body would hold the connection until the response is collected.
    await response.body?.cancel();
    return null;
  }
  await throwIfNotOk(response);
  return readAnswer<T>(response, url, options.fields);
}

/** POST `body` as it is (its content type in `headers`, or the browser's), the answer read as `T`. */
async function postBody<T>(url: string, body: BodyInit, headers: Record<string, string>, fields?: readonly string[]): Promise<T> {
  const response = await fetch(url, { method: "POST", headers, body, credentials: "include" });
  await throwIfNotOk(response);
  return readAnswer<T>(response, url, fields);
}

/** POST `form` as multipart (the browser sets the boundary), the answer read as `T`. */
export function sendForm<T>(url: string, form: FormData, options: Pick<ReadOptions, "fields"> = {}): Promise<T> {
  return postBody<T>(url, form, {}, options.fields);
}

/** POST `text` as it is under its own content type (a roster's CSV), the answer read as `T`. */
export function sendText<T>(url: string, text: string, contentType: string, options: Pick<ReadOptions, "fields"> = {}): Promise<T> {
  return postBody<T>(url, text, { "Content-Type": contentType }, options.fields);
}

/** Biggest body a keepalive request may carry (browsers cap them at 64 KiB). */
export const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * POST/PATCH/PUT/DELETE with an optional JSON body, the answer read as `T`. keepalive: the request
 * outlives the page (page hide, closing the tab) when the body is small enough.
 */
export async function sendJson<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  data: unknown,
  options: ReadOptions & { keepalive?: boolean } = {},
): Promise<T> {
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
  return readAnswer<T>(response, url, options.fields);
}

/** The human message of any error thrown by apiRequest or a query. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Queries ask once: no retries, data never stale, no refetch on focus, no polling. No default query
 * function: every query names its own, with the contract type its answer is read as.
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
