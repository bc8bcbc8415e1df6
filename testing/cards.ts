import { schema } from "../db/client.ts";
import type { App } from "../server/app.ts";
import { issueLoginCode } from "../server/modules/auth/login-codes.ts";
import { ensureCabins } from "../server/modules/staff/staff-accounts.ts";
import { uniqueSuffix } from "./factories.ts";
import { testDatabase } from "./test-database.ts";
import { CabinsRepository } from "../server/modules/staff/cabins.repository.ts";
import { UsersRepository } from "../server/modules/auth/users.repository.ts";

export interface CardCamper {
  userId: number;
  username: string;
  /** The printed code, "KQ7M-3XPR". */
  code: string;
  cabinId: number;
}

/**
 * A camper as the roster makes one: first name, last initial, a cabin, no password, and a sign-in card.
 * (Made in the database, so these tests do not go through the roster import.)
 */
export async function cardCamper(options: { cabin?: string; firstName?: string } = {}): Promise<CardCamper> {
  const { db } = await testDatabase();
  const [cabin] = await ensureCabins(new CabinsRepository(db), [options.cabin ?? `Cabin ${uniqueSuffix()}`]);
  const username = `camper_${uniqueSuffix()}`.slice(0, 32);
  const [row] = await db
    .insert(schema.users)
    .values({ username, passwordHash: null, firstName: options.firstName ?? "Zoë", lastInitial: "O", cabinId: cabin!.id })
    .returning({ id: schema.users.id });
  const code = await issueLoginCode(new UsersRepository(db), row!.id);
  return { userId: row!.id, username, code, cabinId: cabin!.id };
}

/** Signs in by card code; the session cookie, or the failed answer's status and message thrown. */
export async function signInWithCode(app: App, code: string, options: { cookie?: string; address?: string } = {}): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/login/code",
    payload: { code },
    remoteAddress: options.address,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  if (res.statusCode !== 200) throw new Error(`code login failed: ${res.statusCode} ${res.body}`);
  const header = [res.headers["set-cookie"]].flat().map(String).find((c) => c.startsWith("ss_session="));
  return header!.split(";")[0]!;
}
