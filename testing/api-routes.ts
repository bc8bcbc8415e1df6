import type { App } from "../server/app.ts";
import { ACCOUNT_ROUTE_CASES } from "./api-routes-account.ts";
import { MEDIA_ROUTE_CASES } from "./api-routes-media.ts";
import { STAFF_ROUTE_CASES } from "./api-routes-staff.ts";
import type { MatrixWorld, RouteCase } from "./api-route-case.ts";
import { placeCamper } from "./camp.ts";
import { uniqueSuffix } from "./factories.ts";
import { webmFixture } from "./media-fixtures.ts";
import { confirmStaffPassword, createShow, registerCamper, registerStaff } from "./test-app.ts";
import { tusCreate, uploadClip } from "./uploads.ts";

export { expectedStatus, type MatrixWorld, type RouteCase } from "./api-route-case.ts";

/** Every /api route with what each kind of caller gets (the table's rules are in api-route-case.ts). */
export const API_ROUTE_CASES: RouteCase[] = [...ACCOUNT_ROUTE_CASES, ...MEDIA_ROUTE_CASES, ...STAFF_ROUTE_CASES];

/**
 * A fresh owner (in a cabin of their own) with one show, one clip and one started upload, another
 * camper, the director and (unless `counselors` is false: each costs password hashes) a counselor of the
 * owner's cabin and one of another cabin, the staff having just typed the password again (as the staff
 * pages ask before exports and retention), for one cell.
 */
export async function buildMatrixWorld(app: App, { counselors = true }: { counselors?: boolean } = {}): Promise<MatrixWorld> {
  const owner = await registerCamper(app);
  const other = await registerCamper(app);
  const cabin = `Pines ${uniqueSuffix()}`;
  await placeCamper(owner.userId, cabin);
  const staff = await registerStaff(app);
  const counselor = counselors ? await registerStaff(app, {}, { role: "counselor", cabins: [cabin] }) : undefined;
  const otherCabin = counselors ? await registerStaff(app, {}, { role: "counselor", cabins: [`Oaks ${uniqueSuffix()}`] }) : undefined;
  for (const member of [staff, counselor, otherCabin]) if (member) await confirmStaffPassword(app, member);
  const show = await createShow(app, owner.cookie);
  const clip = await uploadClip(app, owner, await webmFixture(1));
  const uploadUrl = await tusCreate(app, owner, {});
  const shots = await app.inject({ method: "GET", url: `/api/recordings/${show.id}/shots`, headers: { cookie: owner.cookie } });
  const shotId = (shots.json() as { shots: { id: number }[] }).shots[0]?.id;
  if (shots.statusCode !== 200 || shotId === undefined) throw new Error(`shot list failed: ${shots.statusCode} ${shots.body}`);
  return { app, owner, other, staff, counselor, otherCabin, showId: show.id, clipId: clip.id, shotId, uploadUrl };
}
