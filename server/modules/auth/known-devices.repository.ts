import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

const t = schema.knownDevices;

/** How long a device stays known without signing in again. */
export const KNOWN_DEVICE_DAYS = 365;

/** A device token as the cookie carries it: 32 random bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newDeviceToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The hash the table and the failure counters use; undefined for anything that is not a device token. */
export function deviceIdOf(token: string | undefined): string | undefined {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  return createHash("sha256").update(token).digest("base64url");
}

export class KnownDevicesRepository {
  constructor(private readonly db: Database) {}

  async isKnown(deviceId: string, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: t.userId })
      .from(t)
      .where(
        and(
          eq(t.tokenHash, deviceId),
          eq(t.userId, userId),
          sql`${t.lastSeenAt} > now() - make_interval(days => ${KNOWN_DEVICE_DAYS})`,
        ),
      );
    return Boolean(row);
  }

  async remember(deviceId: string, userId: number): Promise<void> {
    await this.db
      .insert(t)
      .values({ tokenHash: deviceId, userId })
      .onConflictDoUpdate({ target: [t.tokenHash, t.userId], set: { lastSeenAt: sql`now()` } });
  }

  async deleteStale(): Promise<void> {
    await this.db.delete(t).where(lt(t.lastSeenAt, sql`now() - make_interval(days => ${KNOWN_DEVICE_DAYS})`));
  }
}
