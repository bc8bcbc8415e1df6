import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../../db/client.ts";
import type { App } from "../../app.ts";
import { StaffAccountError, addStaffAccount } from "./staff-accounts.ts";
import { StaffScopes } from "./staff-scope.ts";
import { parseAddArguments } from "../../cli/staff-arguments.ts";
import { buildCredentials } from "../../../testing/factories.ts";
import { createTestApp, registerCamper, registerStaff, signIn } from "../../../testing/test-app.ts";
import { queryRows, testDatabase } from "../../../testing/test-database.ts";
import { StaffAccountsRepository } from "./staff-accounts.repository.ts";
import { UsersRepository } from "../auth/users.repository.ts";
import { CabinsRepository } from "./cabins.repository.ts";

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function cabinsOf(userId: number): Promise<string[]> {
  const { db } = await testDatabase();
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.name FROM staff_cabins s JOIN cabins c ON c.id = s.cabin_id WHERE s.staff_user_id = ${userId} ORDER BY c.name`,
  );
  return rows.map((r) => r.name);
}

describe("npm run staff:add arguments", () => {
  it("read a name, --admin and repeated --cabin in any order", () => {
    expect(parseAddArguments(["coach_lee"])).toEqual({ username: "coach_lee", admin: false, cabins: undefined });
    expect(parseAddArguments(["--cabin", "Pines", "coach_lee", "--cabin=Birches", "--admin"])).toEqual({
      username: "coach_lee",
      admin: true,
      cabins: ["Pines", "Birches"],
    });
  });

  it("refuse what they do not know with the usage line, and a --cabin without a name", () => {
    expect(() => parseAddArguments([])).toThrow(/Usage: npm run staff:add/);
    expect(() => parseAddArguments(["a", "b"])).toThrow(/Usage/);
    expect(() => parseAddArguments(["coach_lee", "--counselor"])).toThrow(/Usage/);
    expect(() => parseAddArguments(["coach_lee", "--cabin"])).toThrow(/--cabin needs a cabin name/);
  });
});

describe("staff roles", () => {
  it("a new staff account is a counselor of the cabins named; running it again updates role and cabins, keeping the password", async () => {
    const { db } = await testDatabase();
    const credentials = buildCredentials({ username: `coach_${Date.now() % 100000}` });
    expect(await addStaffAccount(new StaffAccountsRepository(db), credentials.username, credentials.password, { cabins: ["Pines", "birches", "Pines"] })).toBe("created");
    const [row] = await db.select().from(schema.users).where(eq(schema.users.username, credentials.username));
    expect(row!.role).toBe("counselor");
    expect(await cabinsOf(row!.id)).toEqual(["Pines", "birches"]);

    // The same cabin in another letter case is the same cabin.
    expect(await addStaffAccount(new StaffAccountsRepository(db), credentials.username, undefined, { cabins: ["PINES"] })).toBe("updated");
    expect(await cabinsOf(row!.id)).toEqual(["Pines"]);
    expect(await addStaffAccount(new StaffAccountsRepository(db), credentials.username, undefined, { role: "admin" })).toBe("updated");
    const cookie = await signIn(app, credentials);
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.json()).toMatchObject({ username: credentials.username, role: "admin" });
  });

  it("a new account needs a password, and a camper's account never becomes staff", async () => {
    const { db } = await testDatabase();
    await expect(addStaffAccount(new StaffAccountsRepository(db), "coach_nopass", undefined)).rejects.toThrow(new StaffAccountError("A new staff account needs a password."));
    const camper = await registerCamper(app);
    await expect(addStaffAccount(new StaffAccountsRepository(db), camper.credentials.username, undefined, { role: "admin" })).rejects.toThrow(/is a camper's account/);
  });

  it("a counselor reaches the campers of their cabins only; the director every camper", async () => {
    const { db } = await testDatabase();
    const counselor = await registerStaff(app, {}, { role: "counselor", cabins: ["Oaks"] });
    const director = await registerStaff(app);
    const inOaks = await registerCamper(app);
    const elsewhere = await registerCamper(app);
    const [oaks] = await db.select().from(schema.cabins).where(sql`lower(${schema.cabins.name}) = 'oaks'`);
    await db.update(schema.users).set({ cabinId: oaks!.id }).where(eq(schema.users.id, inOaks.userId));

    const scopes = new StaffScopes(new UsersRepository(db), new CabinsRepository(db));
    const counselorScope = await scopes.of({ id: counselor.userId, role: "counselor" });
    expect(counselorScope).toEqual({ kind: "cabins", cabinIds: [oaks!.id] });
    expect(await scopes.reachesCamper(counselorScope, inOaks.userId)).toBe(true);
    expect(await scopes.reachesCamper(counselorScope, elsewhere.userId)).toBe(false);
    // Staff are not campers: nobody reaches a staff account through a camper route.
    expect(await scopes.reachesCamper(await scopes.of({ id: director.userId, role: "admin" }), counselor.userId)).toBe(false);
    expect(await scopes.reachesCamper({ kind: "all" }, elsewhere.userId)).toBe(true);
    await expect(scopes.assertCamper({ id: counselor.userId, role: "counselor" }, elsewhere.userId, "No such camper")).rejects.toMatchObject({ statusCode: 404 });
  });
});
