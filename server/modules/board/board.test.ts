import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Board, BoardCamper } from "../../../contracts/board.ts";
import type { App } from "../../app.ts";
import { placeCamper, setMediaRelease } from "../../../testing/camp.ts";
import { attachClip, renderFinalVideo } from "../../../testing/renders.ts";
import { approvedShow, shareShow } from "../../../testing/shares.ts";
import { createShow, createTestApp, registerCamper, registerStaff, type SignedInClient } from "../../../testing/test-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function board(staff: SignedInClient, query = ""): Promise<Board> {
  const res = await app.inject({ method: "GET", url: `/api/staff/board${query}`, headers: { cookie: staff.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Board;
}

const stepOf = (b: Board, userId: number) => b.campers.find((c) => c.id === userId)?.step;

describe("the cabin board", () => {
  it("shows each camper's step, from no show to a shared video", async () => {
    const reflect = await registerCamper(app);
    const script = await registerCamper(app);
    await createShow(app, script.cookie, { narration: undefined });
    const record = await registerCamper(app);
    await createShow(app, record.cookie);
    const editor = await registerCamper(app);
    await attachClip(app, editor, (await createShow(app, editor.cookie)).id);
    const sent = await registerCamper(app);
    const sentShow = await createShow(app, sent.cookie, { narration: "We paddled to the island." });
    await attachClip(app, sent, sentShow.id);
    await renderFinalVideo(app, sent, sentShow.id);
    await app.inject({ method: "POST", url: `/api/recordings/${sentShow.id}/review`, headers: { cookie: sent.cookie }, payload: {} });
    const approved = await approvedShow(app, "Approved");
    const shared = await approvedShow(app, "Shared");
    await shareShow(app, shared.camper.cookie, shared.show.id);
    const campers = { reflect, script, record, editor, sent, approved: approved.camper, shared: shared.camper };
    for (const c of Object.values(campers)) await placeCamper(c.userId, "Pines", "July A");

    const director = await registerStaff(app);
    const b = await board(director);
    expect(Object.fromEntries(Object.entries(campers).map(([step, c]) => [step, stepOf(b, c.userId)]))).toEqual({
      reflect: "reflect",
      script: "script",
      record: "record",
      editor: "editor",
      sent: "sent",
      approved: "approved",
      shared: "shared",
    });
    // What waits for the counselor comes first: the video to review, then who worked last.
    expect(b.campers[0]).toMatchObject({ id: sent.userId, step: "sent", waiting: { count: 1, showId: sentShow.id } });
    expect(b.campers.at(-1)).toMatchObject({ id: reflect.userId, lastWorkedAt: null, show: null });
    const others = b.campers.slice(1).map((c) => c.lastWorkedAt);
    expect(others.slice(0, -1)).toEqual([...others.slice(0, -1)].sort().reverse());
    const card = b.campers.find((c) => c.id === shared.camper.userId)!;
    expect(card).toMatchObject<Partial<BoardCamper>>({
      username: shared.camper.credentials.username,
      cabin: { id: expect.any(Number), name: "Pines" },
      session: { id: expect.any(Number), name: "July A" },
      mediaRelease: true,
      show: { id: shared.show.id, title: "Shared" },
      waiting: null,
    });

    // Without a media release the link plays nothing: the camper is approved, not shared.
    await setMediaRelease(shared.camper.userId, false);
    const after = await board(director);
    expect(after.campers.find((c) => c.id === shared.camper.userId)).toMatchObject({ step: "approved", mediaRelease: false });
  }, 180_000);

  it("shows a counselor their cabins' campers only, and the director filters by cabin and session", async () => {
    const [a, b, c] = [await registerCamper(app), await registerCamper(app), await registerCamper(app)];
    const pines = await placeCamper(a.userId, "Pines", "July A");
    const oaks = await placeCamper(b.userId, "Oaks", "July A");
    const august = await placeCamper(c.userId, "Oaks", "August");
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Pines"] });
    const director = await registerStaff(app);

    const mine = await board(counselor);
    expect(mine.campers.map((x) => x.id)).toEqual([a.userId]);
    expect(mine.cabins).toEqual([{ id: pines.cabinId, name: "Pines" }]);
    // A counselor's filter narrows their own cabins, never widens them.
    expect((await board(counselor, `?cabin=${oaks.cabinId}`)).campers).toEqual([]);

    const everyone = await board(director);
    expect(everyone.campers.map((x) => x.id).sort()).toEqual([a.userId, b.userId, c.userId].sort());
    expect(everyone.cabins.map((x) => x.name)).toEqual(["Oaks", "Pines"]);
    expect(everyone.sessions.map((x) => x.name)).toEqual(["August", "July A"]);
    expect((await board(director, `?cabin=${oaks.cabinId}`)).campers.map((x) => x.id).sort()).toEqual([b.userId, c.userId].sort());
    expect((await board(director, `?cabin=${oaks.cabinId}&session=${august.sessionId}`)).campers.map((x) => x.id)).toEqual([c.userId]);
    // Staff accounts are never on the board.
    expect(everyone.campers.some((x) => x.id === director.userId || x.id === counselor.userId)).toBe(false);
  });

  it("refuses a filter that is not an id, with a sentence", async () => {
    const director = await registerStaff(app);
    const res = await app.inject({ method: "GET", url: "/api/staff/board?cabin=pines", headers: { cookie: director.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining("Cabin") });
  });
});
