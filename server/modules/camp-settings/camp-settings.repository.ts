import { eq, sql } from "drizzle-orm";
import { CAMPER_IDLE_MINUTES, type CampSettings, type CampSettingsBody } from "../../../contracts/camp-settings.ts";
import { DEFAULT_CAMP_COLOURS } from "../../../contracts/video-style.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";

const c = schema.campSettings;

/** The one row of camp_settings (id 1). Until a director saves, there is no row and the defaults apply. */
export const CAMP_SETTINGS_ID = 1;

export class CampSettingsRepository {
  /** `campName`: the camp's name until the director sets one (CAMP_TITLE, the name the banner shows). */
  constructor(
    private readonly db: Database,
    private readonly campName: string,
  ) {}

  async get(): Promise<CampSettings> {
    const [row] = await this.db.select().from(c).where(eq(c.id, CAMP_SETTINGS_ID));
    if (!row) {
      return {
        campName: this.campName,
        camperIdleMinutes: CAMPER_IDLE_MINUTES.default,
        colour: DEFAULT_CAMP_COLOURS.background,
        accentColour: DEFAULT_CAMP_COLOURS.accent,
        updatedAt: null,
      };
    }
    return toCampSettings(row);
  }

  async set(body: CampSettingsBody): Promise<CampSettings> {
    const values = {
      campName: body.campName,
      camperIdleMinutes: body.camperIdleMinutes,
      ...(body.colour ? { colour: body.colour } : {}),
      ...(body.accentColour ? { accentColour: body.accentColour } : {}),
      updatedAt: sql`now()`,
    };
    const [row] = await this.db
      .insert(c)
      .values({ id: CAMP_SETTINGS_ID, ...values })
      .onConflictDoUpdate({ target: c.id, set: values })
      .returning();
    return toCampSettings(row!);
  }
}

function toCampSettings(row: typeof c.$inferSelect): CampSettings {
  return {
    campName: row.campName,
    camperIdleMinutes: row.camperIdleMinutes,
    colour: row.colour,
    accentColour: row.accentColour,
    updatedAt: row.updatedAt.toISOString(),
  };
}
