import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, ContractError, errorMessage, getJson, getJsonOrNull, getJsonWithHeaders, sendForm, sendJson } from "./client.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

type Point = { x: number; y: number };
/** The fields a caller of these answers reads. */
const POINT_FIELDS = ["x", "y"] as const;

/** Every request answers `response`; the calls are kept for checking. */
function answerWith(response: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      return response();
    }),
  );
  return calls;
}

describe("the client's fetch layer", () => {
  it("answers what the contract says, sending the session cookie", async () => {
    const calls = answerWith(() => Response.json({ x: 1, y: 2 }));
    await expect(getJson<Point>("/api/point")).resolves.toEqual({ x: 1, y: 2 });
    expect(calls[0]!.init.credentials).toBe("include");
  });

  it("turns an answer without the fields its caller reads into a ContractError naming the field, never a half-read value", async () => {
    answerWith(() => Response.json({ x: 1 }));
    const error = await getJson<Point>("/api/point", { fields: POINT_FIELDS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(errorMessage(error)).toBe("The server's answer to /api/point could not be read (y: missing). Reload the page and try again.");
    await expect(sendJson<Point>("PATCH", "/api/point", { x: 1 }, { fields: POINT_FIELDS })).rejects.toBeInstanceOf(ContractError);
    answerWith(() => Response.json([{ x: 1, y: 2 }]));
    await expect(getJson<Point>("/api/point", { fields: POINT_FIELDS })).rejects.toThrow("(body: not an object)");
  });

  it("turns an answer that is not JSON (a proxy's error page) into a ContractError a camper can read", async () => {
    answerWith(() => new Response("<html>Bad gateway</html>", { headers: { "Content-Type": "text/html" } }));
    const error = await getJson<Point>("/api/point").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect(errorMessage(error)).toBe("The server's answer to /api/point could not be read (not JSON). Reload the page and try again.");
    await expect(sendJson<Point>("PATCH", "/api/point", { x: 1 })).rejects.toBeInstanceOf(ContractError);
  });

  it("words a refusal as ApiError, with the server's message for campers", async () => {
    answerWith(() => Response.json({ message: "That show is not yours" }, { status: 403 }));
    const error = await getJson<Point>("/api/point").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(errorMessage(error)).toBe("That show is not yours");
  });

  it("answers null for 'there is none' (404, or 401 when asked), and still fails on other statuses", async () => {
    answerWith(() => new Response("", { status: 404 }));
    await expect(getJsonOrNull<Point>("/api/point")).resolves.toBeNull();
    answerWith(() => new Response("", { status: 401 }));
    await expect(getJsonOrNull<Point>("/api/user", { nullOn: 401 })).resolves.toBeNull();
    await expect(getJsonOrNull<Point>("/api/point")).rejects.toBeInstanceOf(ApiError);
  });

  it("lets go of an answer it does not read (an API answer is never cached, so its body would hold the connection)", async () => {
    const unread = new Response(JSON.stringify({ message: "You need to sign in first" }), { status: 401 });
    answerWith(() => unread);
    await expect(getJsonOrNull<Point>("/api/user", { nullOn: 401 })).resolves.toBeNull();
    expect(unread.bodyUsed).toBe(true);
  });

  it("keeps the answer's headers when asked (a list's next page)", async () => {
    answerWith(() => Response.json({ x: 0, y: 0 }, { headers: { "X-Next-Cursor": "abc" } }));
    const { data, headers } = await getJsonWithHeaders<Point>("/api/points");
    expect(data).toEqual({ x: 0, y: 0 });
    expect(headers.get("X-Next-Cursor")).toBe("abc");
  });

  it("posts a form as multipart and checks its answer too", async () => {
    const calls = answerWith(() => Response.json({ x: 3, y: 4 }));
    const form = new FormData();
    form.append("name", "value");
    await expect(sendForm<Point>("/api/form", form)).resolves.toEqual({ x: 3, y: 4 });
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBe(form);
    answerWith(() => Response.json([]));
    await expect(sendForm<Point>("/api/form", form, { fields: POINT_FIELDS })).rejects.toBeInstanceOf(ContractError);
  });
});
