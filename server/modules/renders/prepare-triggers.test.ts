import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { preparedVideosChangedBy } from "./prepare-triggers.ts";

/**
 * Every request that can change a show's finished video, and whose: the show it names, or every show of
 * the camper (a clip can sit in any). Any other write changes no video. A route the app serves that this
 * table does not list fails the test, so a new route is a choice made here, not a preparation forgotten.
 */
const CHANGES_VIDEO: Record<string, "show" | "camper"> = {
  "PATCH /api/recordings/:id": "show",
  "PUT /api/recordings/:id/clips": "show",
  "PATCH /api/recordings/:id/shots/:shotId": "show",
  "POST /api/recordings/:id/shots/:shotId/split": "show",
  "POST /api/recordings/:id/shots/:shotId/merge": "show",
  "PATCH /api/clips/:id": "camper",
  "DELETE /api/clips/:id": "camper",
  "POST /api/clips/:id/script-check": "camper",
  "PATCH /api/uploads/:id": "camper",
};

/** Writes that leave every video as it is (new shows start empty; reviews, links and accounts are not in the picture). */
const CHANGES_NO_VIDEO = [
  "POST /api/register", "POST /api/login", "POST /api/login/code", "POST /api/logout", "POST /api/session/keepalive",
  "DELETE /api/user", "PUT /api/user/password", "POST /api/user/sign-out-others",
  "POST /api/narrations", "POST /api/recordings", "DELETE /api/recordings/:id",
  // The voice-over the camper listens to: a render reads the script with the show's voice itself.
  "POST /api/recordings/:id/clone-voice", "POST /api/voice/save-sample", "DELETE /api/voice/sample",
  "POST /api/recordings/:id/renders", "POST /api/recordings/:id/fit-script",
  "POST /api/ai/generate-reflection", "POST /api/ai/custom-request", "POST /api/ai/chat", "POST /api/generate-title",
  "OPTIONS /api/uploads", "POST /api/uploads", "DELETE /api/uploads/:id",
  "POST /api/recordings/:id/review", "POST /api/recordings/:id/personal-details/keep", "POST /api/recordings/:id/personal-details/unkeep",
  "POST /api/recordings/:id/shares", "DELETE /api/shares/:id",
];

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe("render ahead's triggers", () => {
  it("name every camper write that changes a video, and no other", () => {
    const writes = app.apiRoutes
      .filter((r) => r.method !== "GET" && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`)
      // Staff never change a camper's show (decision 027a); their writes are the camp's.
      .filter((route) => !route.includes(" /api/staff/"));
    expect([...Object.keys(CHANGES_VIDEO), ...CHANGES_NO_VIDEO].sort()).toEqual([...new Set(writes)].sort());
    for (const route of writes) {
      const [method, url] = route.split(" ") as [string, string];
      expect(preparedVideosChangedBy(method, url), route).toBe(CHANGES_VIDEO[route] ?? null);
    }
  });

  it("are never reads", () => {
    for (const r of app.apiRoutes.filter((route) => route.method === "GET")) expect(preparedVideosChangedBy(r.method, r.url), r.url).toBeNull();
  });
});
