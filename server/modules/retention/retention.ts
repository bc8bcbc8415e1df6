import { and, asc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { PublicUser } from "../../../contracts/auth.ts";
import {
  RETENTION_LIMITS,
  RETENTION_MESSAGES,
  type AnnouncedItem,
  type RetentionAnnouncement,
  type RetentionRule,
  type RetentionRuleBody,
} from "../../../contracts/retention.ts";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { badRequest } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { renderPosterKey } from "../../media/render-poster.ts";
import type { AuditLog } from "../staff/audit-log.ts";

const r = schema.campRetention;
const users = schema.users;
const RULE_ID = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

type RuleRow = typeof r.$inferSelect;

export const deleteAtOf = (startsOn: string, afterDays: number) => new Date(Date.parse(`${startsOn}T00:00:00Z`) + afterDays * DAY_MS);

function toRule(row: RuleRow): RetentionRule {
  return {
    startsOn: row.startsOn,
    afterDays: row.afterDays,
    deleteAt: row.deleteAt.toISOString(),
    setByUsername: row.setByUsername,
    setAt: row.setAt.toISOString(),
    executedAt: row.executedAt?.toISOString() ?? null,
  };
}

export interface RetentionRunReport {
  items: number;
  files: number;
}

/**
 * The camp's media retention rule. `announced` is the one query that says what the rule deletes:
 * staff read it (GET /api/staff/retention) and housekeeping deletes exactly its rows, so what staff
 * were shown and what goes cannot drift apart. Campers' media only (staff make none); made before
 * the deletion moment, so anything a camper records after it is not swept by a rule that already ran.
 */
export class Retention {
  private readonly afterRun: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly audit: AuditLog,
  ) {}

  /** What must follow the rule's deletions (reels made of videos it removed). */
  onMediaDeleted(step: () => Promise<unknown>) {
    this.afterRun.push(step);
  }

  async rule(): Promise<RuleRow | undefined> {
    const [row] = await this.db.select().from(r).where(eq(r.id, RULE_ID));
    return row;
  }

  async status(): Promise<{ rule: RetentionRule | null }> {
    const row = await this.rule();
    return { rule: row ? toRule(row) : null };
  }

  async set(staff: PublicUser, body: RetentionRuleBody, now = new Date()): Promise<RetentionRule> {
    const deleteAt = deleteAtOf(body.startsOn, body.afterDays);
    // A date already past would delete on the next hourly run with no week's warning.
    if (deleteAt.getTime() <= now.getTime()) throw badRequest(RETENTION_MESSAGES.alreadyPassed);
    const values = { id: RULE_ID, ...body, deleteAt, setByUsername: staff.username, setAt: now, executedAt: null };
    const [row] = await this.db.insert(r).values(values).onConflictDoUpdate({ target: r.id, set: values }).returning();
    await this.audit.record(staff, "set_retention", {
      detail: `Delete campers' media ${body.afterDays} days after ${body.startsOn} (on ${deleteAt.toISOString().slice(0, 10)})`,
    });
    return toRule(row!);
  }

  async clear(staff: PublicUser): Promise<void> {
    const [row] = await this.db.delete(r).where(eq(r.id, RULE_ID)).returning();
    if (row) await this.audit.record(staff, "set_retention", { detail: "Removed the retention rule" });
  }

  /** What the rule will delete (or, after it ran, what is left that it would have). */
  async announced(deleteAt: Date): Promise<AnnouncedItem[]> {
    const camper = eq(users.role, "camper");
    const c = schema.clips;
    const clips = await this.db
      .select({ id: c.id, userId: c.userId, username: users.username, showId: c.showId, key: c.storageKey, poster: c.posterKey, createdAt: c.createdAt })
      .from(c)
      .innerJoin(users, eq(users.id, c.userId))
      .where(and(camper, lt(c.createdAt, deleteAt)))
      .orderBy(asc(c.id));
    const vs = schema.voiceSamples;
    const samples = await this.db
      .select({ userId: vs.userId, username: users.username, key: vs.storageKey, createdAt: vs.createdAt })
      .from(vs)
      .innerJoin(users, eq(users.id, vs.userId))
      .where(and(camper, lt(vs.createdAt, deleteAt)))
      .orderBy(asc(vs.userId));
    const vo = schema.voiceOvers;
    const voiceOvers = await this.db
      .select({ id: vo.id, userId: vo.userId, username: users.username, showId: vo.showId, key: vo.storageKey, createdAt: vo.createdAt })
      .from(vo)
      .innerJoin(users, eq(users.id, vo.userId))
      .where(and(camper, lt(vo.createdAt, deleteAt)))
      .orderBy(asc(vo.id));
    const j = schema.renderJobs;
    // Finished renders only: a queued or running job has no file yet, and is left to finish.
    const renders = await this.db
      .select({ id: j.id, userId: j.userId, username: users.username, showId: j.showId, key: j.outputKey, captions: j.captionsKey, createdAt: j.createdAt })
      .from(j)
      .innerJoin(users, eq(users.id, j.userId))
      .where(and(camper, isNotNull(j.outputKey), lt(j.createdAt, deleteAt)))
      .orderBy(asc(j.id));
    const keys = (...list: (string | null)[]) => list.filter((k): k is string => !!k);
    return [
      ...clips.map((x) => ({ kind: "clip" as const, id: x.id, camperUserId: x.userId, camperUsername: x.username, showId: x.showId, storageKeys: keys(x.key, x.poster), createdAt: x.createdAt.toISOString() })),
      ...samples.map((x) => ({ kind: "voice_sample" as const, id: x.userId, camperUserId: x.userId, camperUsername: x.username, showId: null, storageKeys: [x.key], createdAt: x.createdAt.toISOString() })),
      ...voiceOvers.map((x) => ({ kind: "voice_over" as const, id: x.id, camperUserId: x.userId, camperUsername: x.username, showId: x.showId, storageKeys: [x.key], createdAt: x.createdAt.toISOString() })),
      ...renders.map((x) => ({ kind: "render" as const, id: x.id, camperUserId: x.userId, camperUsername: x.username, showId: x.showId, storageKeys: keys(x.key, x.captions), createdAt: x.createdAt.toISOString() })),
    ];
  }

  /** The staff view: the rule, the warning flag and the announced items. */
  async announcement(now = new Date()): Promise<RetentionAnnouncement> {
    const row = await this.rule();
    if (!row || row.executedAt) return { rule: row ? toRule(row) : null, warning: false, items: [], campers: 0 };
    const items = await this.announced(row.deleteAt);
    const warning = now.getTime() >= row.deleteAt.getTime() - RETENTION_LIMITS.warnDays * DAY_MS;
    return { rule: toRule(row), warning, items, campers: new Set(items.map((i) => i.camperUserId)).size };
  }

  /**
   * Housekeeping's step: once the deletion moment has passed, deletes the announced rows (in one
   * transaction) and then their files, marks the rule done and writes an audit entry. Runs once.
   */
  async runDue(now = new Date()): Promise<RetentionRunReport | undefined> {
    const row = await this.rule();
    if (!row || row.executedAt || now.getTime() < row.deleteAt.getTime()) return undefined;
    const items = await this.announced(row.deleteAt);
    const ids = (kind: AnnouncedItem["kind"]) => items.filter((i) => i.kind === kind).map((i) => i.id);
    const derived: string[] = [];
    await this.db.transaction(async (tx) => {
      const clipIds = ids("clip");
      if (clipIds.length) await tx.delete(schema.clips).where(inArray(schema.clips.id, clipIds));
      const sampleIds = ids("voice_sample");
      if (sampleIds.length) await tx.delete(schema.voiceSamples).where(inArray(schema.voiceSamples.userId, sampleIds));
      const voiceOverIds = ids("voice_over");
      if (voiceOverIds.length) await tx.delete(schema.voiceOvers).where(inArray(schema.voiceOvers.id, voiceOverIds));
      const renderIds = ids("render");
      if (renderIds.length) await tx.delete(schema.renderJobs).where(inArray(schema.renderJobs.id, renderIds));
      await tx.update(r).set({ executedAt: now }).where(eq(r.id, RULE_ID));
      // Render ahead's parts and prepared videos are made from those clips and words: they go with them.
      const campers = [...new Set(items.map((i) => i.camperUserId))];
      if (campers.length) {
        const parts = await tx.delete(schema.renderParts).where(inArray(schema.renderParts.userId, campers)).returning({ key: schema.renderParts.storageKey });
        const ready = await tx.delete(schema.renderPrepared).where(inArray(schema.renderPrepared.userId, campers)).returning();
        derived.push(...parts.map((p) => p.key), ...ready.flatMap((p) => (p.captionsKey ? [p.outputKey, p.captionsKey] : [p.outputKey])));
      }
    });
    for (const key of derived) await this.storage.delete(key);
    // Files after rows: a row never names a file that is gone. A failed delete leaves an orphan file
    // (and the error in the log), never a broken show.
    let files = 0;
    for (const key of items.flatMap((i) => i.storageKeys)) {
      await this.storage.delete(key);
      files++;
    }
    // A render's still picture, made when staff first listed it (not a file the rule announces: it is the video's).
    for (const item of items) if (item.kind === "render" && item.storageKeys[0]) await this.storage.delete(renderPosterKey(item.storageKeys[0]));
    const campers = new Set(items.map((i) => i.camperUserId)).size;
    await this.audit.record({ id: null, username: "housekeeping" }, "retention_deleted", {
      detail: `Deleted ${items.length} media items (${files} files) of ${campers} campers: the rule "${row.afterDays} days after ${row.startsOn}"`,
    });
    // After the rule's own entry, so the log reads cause then effect.
    for (const step of this.afterRun) await step();
    return { items: items.length, files };
  }
}
