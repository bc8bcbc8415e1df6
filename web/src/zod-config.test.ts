import { describe, expect, it } from "vitest";

describe("zod's settings for the page", () => {
  it("turn off compiled parsers (our CSP refuses eval) without the page importing zod first", async () => {
    await import("./zod-config.ts");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // And parsing still works without them.
    expect(z.object({ id: z.number() }).parse({ id: 1 })).toEqual({ id: 1 });
  });
});
