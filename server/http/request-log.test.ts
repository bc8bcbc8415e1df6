import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { createLoggedTestApp, type CapturedLog } from "../../testing/test-app.ts";
import { redactShareToken } from "./request-log.ts";

describe("request logs", () => {
  let app: App;
  let log: CapturedLog;
  beforeAll(async () => {
    ({ app, log } = await createLoggedTestApp());
  });
  afterAll(() => app.close());

  it("never hold a share link's token, only the path around it", async () => {
    const token = randomBytes(24).toString("base64url");
    for (const url of [`/s/${token}`, `/s/${token}/media`, `/s/${token}/captions.vtt?x=1`]) {
      await app.inject({ method: "GET", url, headers: { referer: `http://localhost/s/${token}` } });
    }
    const requests = log.lines.filter((line) => line.msg === "incoming request").map((line) => (line.req as { url: string }).url);
    expect(requests).toEqual(["/s/[redacted]", "/s/[redacted]/media", "/s/[redacted]/captions.vtt?x=1"]);
    expect(log.text()).not.toContain(token);
  });

  it("keep every other path as it came", () => {
    expect(redactShareToken("/api/recordings/4/shares?s=1")).toBe("/api/recordings/4/shares?s=1");
    expect(redactShareToken("/shows/s/1")).toBe("/shows/s/1");
  });
});
