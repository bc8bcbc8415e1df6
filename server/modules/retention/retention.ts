import type { PublicUser } from "../../../contracts/auth.ts";
import {
  RETENTION_LIMITS,
  RETENTION_MESSAGES,
  type AnnouncedItem,
  type RetentionAnnouncement,
  type RetentionRule,
  type RetentionRuleBody,
} from "../../../contracts/retention.ts";
import { badRequest } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { renderPosterKey } from "../../media/render-poster.ts";
import type { CamperMedia } from "../../media/row-files.ts";
import type { ClipsRepository } from "../clips/clips.repository.ts";
import type { RenderAheadRepository } from "../renders/render-ahead.repository.ts";
import type { RenderJobsRepository } from "../renders/render-jobs.repository.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { VoiceRepository } from "../voice/voice.repository.ts";
import type { RetentionRepository, RuleRow } from "./retention.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The repositories of the campers' media: each says which of its rows the rule reaches and which files
 * they name, so a new media column is added in its own repository only.
 */
export interface RetainedMedia {
  clips: Pick<ClipsRepository, "camperMediaBefore" | "deleteByIds">;
  voice: Pick<VoiceRepository, "camperSamplesBefore" | "camperVoiceOversBefore" | "deleteSamplesOf" | "deleteVoiceOvers">;
  renderJobs: Pick<RenderJobsRepository, "camperRendersBefore" | "deleteByIds">;
  /** What render ahead made from those clips and words: it goes with them. */
  renderAhead: Pick<RenderAheadRepository, "deleteOfUsers">;
}

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

export interface RetentionOptions {
  rules: RetentionRepository;
  media: RetainedMedia;
  storage: MediaStorage;
  audit: AuditLog;
  /** What must follow the rule's deletions (reels made of videos it removed). */
  afterRun?: readonly (() => Promise<unknown>)[];
}

/**
 * The camp's media retention rule. `announced` is the one query that says what the rule deletes:
 * staff read it (GET /api/staff/retention) and housekeeping deletes exactly its rows, so what staff
 * were shown and what goes cannot drift apart. Campers' media only (staff make none); made before
 * the deletion moment, so anything a camper records after it is not swept by a rule that already ran.
 */
export class Retention {
  private readonly rules: RetentionRepository;
  private readonly media: RetainedMedia;
  private readonly storage: MediaStorage;
  private readonly audit: AuditLog;
  private readonly afterRun: readonly (() => Promise<unknown>)[];

  constructor(options: RetentionOptions) {
    this.rules = options.rules;
    this.media = options.media;
    this.storage = options.storage;
    this.audit = options.audit;
    this.afterRun = options.afterRun ?? [];
  }

  rule(): Promise<RuleRow | undefined> {
    return this.rules.rule();
  }

  async status(): Promise<{ rule: RetentionRule | null }> {
    const row = await this.rule();
    return { rule: row ? toRule(row) : null };
  }

  async set(staff: PublicUser, body: RetentionRuleBody, now = new Date()): Promise<RetentionRule> {
    const deleteAt = deleteAtOf(body.startsOn, body.afterDays);
    // A date already past would delete on the next hourly run with no week's warning.
    if (deleteAt.getTime() <= now.getTime()) throw badRequest(RETENTION_MESSAGES.alreadyPassed);
    const row = await this.rules.save({ ...body, deleteAt, setByUsername: staff.username, setAt: now, executedAt: null });
    await this.audit.record(staff, "set_retention", {
      detail: `Delete campers' media ${body.afterDays} days after ${body.startsOn} (on ${deleteAt.toISOString().slice(0, 10)})`,
    });
    return toRule(row);
  }

  async clear(staff: PublicUser): Promise<void> {
    if (await this.rules.clear()) await this.audit.record(staff, "set_retention", { detail: "Removed the retention rule" });
  }

  /** What the rule will delete (or, after it ran, what is left that it would have). */
  async announced(deleteAt: Date): Promise<AnnouncedItem[]> {
    const item = (kind: AnnouncedItem["kind"]) => (x: CamperMedia) => ({
      kind,
      id: x.id,
      camperUserId: x.userId,
      camperUsername: x.username,
      showId: x.showId,
      storageKeys: x.storageKeys,
      createdAt: x.createdAt.toISOString(),
    });
    return [
      ...(await this.media.clips.camperMediaBefore(deleteAt)).map(item("clip")),
      ...(await this.media.voice.camperSamplesBefore(deleteAt)).map(item("voice_sample")),
      ...(await this.media.voice.camperVoiceOversBefore(deleteAt)).map(item("voice_over")),
      ...(await this.media.renderJobs.camperRendersBefore(deleteAt)).map(item("render")),
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
    const { clips, voice, renderJobs, renderAhead } = this.media;
    const derived = await this.rules.carryOut(now, async (tx) => {
      await clips.deleteByIds(ids("clip"), tx);
      await voice.deleteSamplesOf(ids("voice_sample"), tx);
      await voice.deleteVoiceOvers(ids("voice_over"), tx);
      await renderJobs.deleteByIds(ids("render"), tx);
      // Render ahead's parts and prepared videos are made from those clips and words: they go with them.
      return renderAhead.deleteOfUsers([...new Set(items.map((i) => i.camperUserId))], tx);
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
