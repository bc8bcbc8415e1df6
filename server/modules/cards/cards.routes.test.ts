import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import { CARD_MESSAGES, type SignInCard } from "../../../contracts/cards.ts";
import type { App } from "../../app.ts";
import { cardCamper, signInWithCode } from "../../../testing/cards.ts";
import { uniqueSuffix } from "../../../testing/factories.ts";
import { createTestApp, registerCamper, registerStaff } from "../../../testing/test-app.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const post = (url: string, cookie: string, payload?: object) => app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });
const loginWithCode = (code: string) => app.inject({ method: "POST", url: "/api/login/code", payload: { code } });
const whoAmI = (cookie: string) => app.inject({ method: "GET", url: "/api/user", headers: { cookie } });

async function auditActions(staffCookie: string) {
  const res = await app.inject({ method: "GET", url: "/api/staff/audit?limit=500", headers: { cookie: staffCookie } });
  return res.json() as { action: string; camperUsername: string | null; detail: string | null }[];
}

describe("POST /api/staff/campers/:id/card", () => {
  it("gives the camper a new card: the old code is refused at once, the new one signs in, and the camper's devices are signed out", async () => {
    const cabin = `Pines ${uniqueSuffix()}`;
    const camper = await cardCamper({ cabin, firstName: "Zoë" });
    const tablet = await signInWithCode(app, camper.code);
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: [cabin] });

    const res = await post(`/api/staff/campers/${camper.userId}/card`, counselor.cookie);
    expect(res.statusCode).toBe(200);
    const { card } = res.json() as { card: SignInCard };
    expect(card).toEqual({ userId: camper.userId, firstName: "Zoë", lastInitial: "O", username: camper.username, cabin, session: null, code: expect.stringMatching(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/) });
    expect(card.code).not.toBe(camper.code);

    expect((await loginWithCode(camper.code)).json()).toEqual({ message: AUTH_MESSAGES.wrongCode });
    expect((await loginWithCode(card.code)).statusCode).toBe(200);
    expect((await whoAmI(tablet)).statusCode).toBe(401);
    expect(await auditActions((await registerStaff(app)).cookie)).toContainEqual(expect.objectContaining({ action: "reissue_card", camperUsername: camper.username, detail: "card" }));
  });

  it("is 404 for a counselor of another cabin, like a camper that does not exist, and changes nothing", async () => {
    const camper = await cardCamper({ cabin: `Birches ${uniqueSuffix()}` });
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: [`Pines ${uniqueSuffix()}`] });
    const res = await post(`/api/staff/campers/${camper.userId}/card`, counselor.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: CARD_MESSAGES.camperNotFound });
    expect((await post(`/api/staff/campers/2147483000/card`, counselor.cookie)).json()).toEqual({ message: CARD_MESSAGES.camperNotFound });
    expect((await loginWithCode(camper.code)).statusCode).toBe(200);
  });

  it("gives staff accounts no card (404) and an admin reaches any camper, self-registered ones too", async () => {
    const admin = await registerStaff(app);
    const other = await registerStaff(app);
    expect((await post(`/api/staff/campers/${other.userId}/card`, admin.cookie)).statusCode).toBe(404);
    const camper = await registerCamper(app);
    const res = await post(`/api/staff/campers/${camper.userId}/card`, admin.cookie);
    expect(res.statusCode).toBe(200);
    // No roster name: the card shows the username.
    expect(res.json().card).toMatchObject({ firstName: camper.credentials.username, cabin: null });
    expect((await loginWithCode(res.json().card.code)).statusCode).toBe(200);
  });
});

describe("POST /api/staff/cabins/:id/cards", () => {
  it("issues a new card for every camper of the cabin, by first name, and the old cards stop working", async () => {
    const cabin = `Aspens ${uniqueSuffix()}`;
    const ben = await cardCamper({ cabin, firstName: "Ben" });
    const ana = await cardCamper({ cabin, firstName: "Ana" });
    const elsewhere = await cardCamper({ cabin: `Oaks ${uniqueSuffix()}` });
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: [cabin] });

    const res = await post(`/api/staff/cabins/${ben.cabinId}/cards`, counselor.cookie);
    expect(res.statusCode).toBe(200);
    const cards = res.json().cards as SignInCard[];
    expect(cards.map((c) => [c.firstName, c.userId, c.cabin])).toEqual([
      ["Ana", ana.userId, cabin],
      ["Ben", ben.userId, cabin],
    ]);
    for (const old of [ben.code, ana.code]) expect((await loginWithCode(old)).statusCode).toBe(401);
    for (const card of cards) expect((await loginWithCode(card.code)).statusCode).toBe(200);
    expect((await loginWithCode(elsewhere.code)).statusCode).toBe(200);
  });

  it("is 404 for a counselor of another cabin and for a cabin that does not exist", async () => {
    const camper = await cardCamper({ cabin: `Cedars ${uniqueSuffix()}` });
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: [`Elms ${uniqueSuffix()}`] });
    const res = await post(`/api/staff/cabins/${camper.cabinId}/cards`, counselor.cookie);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual({ message: CARD_MESSAGES.cabinNotFound });
    expect((await post(`/api/staff/cabins/2147483000/cards`, (await registerStaff(app)).cookie)).statusCode).toBe(404);
    expect((await loginWithCode(camper.code)).statusCode).toBe(200);
  });
});

describe("PUT /api/staff/campers/:id/password", () => {
  const setPassword = (camperId: number, cookie: string, password: string) =>
    app.inject({ method: "PUT", url: `/api/staff/campers/${camperId}/password`, headers: { cookie }, payload: { password } });

  it("sets a password the camper then signs in with; their devices are signed out, their card still works", async () => {
    const cabin = `Willows ${uniqueSuffix()}`;
    const camper = await cardCamper({ cabin });
    const tablet = await signInWithCode(app, camper.code);
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: [cabin] });
    expect((await setPassword(camper.userId, counselor.cookie, "lantern-by-the-lake")).statusCode).toBe(204);
    expect((await whoAmI(tablet)).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { username: camper.username, password: "lantern-by-the-lake" } })).statusCode).toBe(200);
    expect((await loginWithCode(camper.code)).statusCode).toBe(200);
    expect(await auditActions((await registerStaff(app)).cookie)).toContainEqual(expect.objectContaining({ action: "set_camper_password", camperUsername: camper.username }));
  });

  it("refuses a short or common password and a camper out of scope, changing nothing", async () => {
    const camper = await cardCamper({ cabin: `Maples ${uniqueSuffix()}` });
    const admin = await registerStaff(app);
    expect((await setPassword(camper.userId, admin.cookie, "short")).json()).toEqual({ message: "Password must be at least 8 characters" });
    const common = await setPassword(camper.userId, admin.cookie, "password123");
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: AUTH_MESSAGES.commonPassword });
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: [`Firs ${uniqueSuffix()}`] });
    expect((await setPassword(camper.userId, counselor.cookie, "lantern-by-the-lake")).statusCode).toBe(404);
    const methods = await app.inject({ method: "GET", url: "/api/user/sign-in-methods", headers: { cookie: await signInWithCode(app, camper.code) } });
    expect(methods.json()).toEqual({ hasPassword: false, hasCard: true });
  });
});

describe("a camper who signs in by card only", () => {
  it("adds a password on Profile without a current one; after that the current one is needed", async () => {
    const camper = await cardCamper();
    const cookie = await signInWithCode(app, camper.code);
    const put = (payload: object) => app.inject({ method: "PUT", url: "/api/user/password", headers: { cookie }, payload });
    expect((await put({ newPassword: "s'mores-at-sunset" })).statusCode).toBe(204);
    const missing = await put({ newPassword: "another-long-passphrase" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: AUTH_MESSAGES.currentPasswordRequired });
    expect((await put({ currentPassword: "s'mores-at-sunset", newPassword: "another-long-passphrase" })).statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/api/user/sign-in-methods", headers: { cookie } })).json()).toEqual({ hasPassword: true, hasCard: true });
  });

  it("deletes their account by typing their card's code (a wrong one is refused)", async () => {
    const camper = await cardCamper();
    const cookie = await signInWithCode(app, camper.code);
    const del = (payload: object) => app.inject({ method: "DELETE", url: "/api/user", headers: { cookie }, payload });
    expect((await del({ password: "anything-at-all" })).json()).toEqual({ message: AUTH_MESSAGES.wrongPassword });
    const wrong = await del({ code: "ABCD-EFGH" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.wrongCardCode });
    expect((await del({})).statusCode).toBe(400);
    expect((await del({ code: camper.code.toLowerCase() })).statusCode).toBe(204);
    expect((await loginWithCode(camper.code)).statusCode).toBe(401);
  });
});
