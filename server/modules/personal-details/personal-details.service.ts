import { createHash } from "node:crypto";
import { text } from "node:stream/consumers";
import {
  PERSONAL_DETAIL_MESSAGES,
  keptKey,
  type KeepPersonalDetailBody,
  type PersonalDetailField,
  type PersonalDetailsCheck,
  type PersonalDetailsRefusal,
} from "../../../contracts/personal-details.ts";
import { HttpError, badRequest, refusal } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { SecondOpinion, SecondOpinionFinding } from "../../privacy/ai-second-opinion.ts";
import { detectPersonalDetails, resolveOverlaps } from "../../privacy/personal-details.ts";
import type { RenderRow } from "../reviews/reviews.repository.ts";
import type { ShowVideos, ShowWithReview } from "../reviews/show-videos.ts";
import { captionsText, mergeFindings, vttCues, type CaptionCue, type FieldDetection } from "./findings.ts";
import type { KeepsRepository } from "./keeps.repository.ts";
import type { OpinionsRepository } from "./opinions.repository.ts";

type Logger = { warn(obj: object, msg: string): void };

/** The 409 a refusal answers while findings are open: the message (worded for who asked) and what to fix. */
export function personalDetailsRefusal(check: PersonalDetailsCheck, by: "camper" | "staff"): HttpError {
  const open = check.findings.filter((f) => !f.kept);
  const message = by === "staff" ? PERSONAL_DETAIL_MESSAGES.unresolvedForStaff(open.length) : PERSONAL_DETAIL_MESSAGES.unresolved(open.length);
  const body: Omit<PersonalDetailsRefusal, "message" | "code"> = { findings: open, texts: check.texts };
  return refusal(message, "personal_details", body);
}

export interface PersonalDetailsServiceOptions {
  keeps: KeepsRepository;
  videos: ShowVideos;
  storage: MediaStorage;
  secondOpinion: SecondOpinion | null;
  log: Logger;
  opinions: OpinionsRepository;
  /** The per-camper AI limit: throws 429 when reached. */
  aiLimit: (userId: number) => Promise<void>;
}

/**
 * The personal-details check of one video of a show: the show's title, the script that render was made
 * from and that render's captions (what the video says), by the offline rules and, when a provider is
 * configured, the AI's second opinion. Which render is checked is decision 026a's: the camper's current
 * video for the camper and for sending, the video a link plays for sharing; no other render's words
 * ever hold a show back. Without a current video, the show's script alone.
 */
export class PersonalDetailsService {
  private readonly keeps: KeepsRepository;
  private readonly videos: ShowVideos;
  private readonly storage: MediaStorage;
  private readonly secondOpinion: SecondOpinion | null;
  private readonly log: Logger;
  private readonly opinions: OpinionsRepository;
  private readonly aiLimit: (userId: number) => Promise<void>;

  constructor(options: PersonalDetailsServiceOptions) {
    this.keeps = options.keeps;
    this.videos = options.videos;
    this.storage = options.storage;
    this.secondOpinion = options.secondOpinion;
    this.log = options.log;
    this.opinions = options.opinions;
    this.aiLimit = options.aiLimit;
  }

  /** The owner's check of their show; another account's show is a 404 like any other. */
  async forOwner(userId: number, showId: number): Promise<PersonalDetailsCheck> {
    return this.check(await this.videos.owned(userId, showId));
  }

  /** "It's OK to share": keeps a phrase the check flags in this show, so it no longer holds it back. */
  async keep(userId: number, showId: number, body: KeepPersonalDetailBody): Promise<PersonalDetailsCheck> {
    const found = await this.videos.owned(userId, showId);
    const before = await this.check(found);
    const key = keptKey(body.kind, body.phrase);
    const flagged = before.findings.find((f) => keptKey(f.kind, f.phrase) === key);
    if (!flagged) throw badRequest(PERSONAL_DETAIL_MESSAGES.notFlagged);
    await this.keeps.keep(showId, { key, kind: body.kind, phrase: flagged.phrase });
    return this.check(found);
  }

  /** Takes back "It's OK to share" for a phrase. */
  async unkeep(userId: number, showId: number, body: KeepPersonalDetailBody): Promise<PersonalDetailsCheck> {
    const found = await this.videos.owned(userId, showId);
    const keys = await this.keeps.keys(showId);
    const key = keptKey(body.kind, body.phrase);
    if (keys.has(key)) await this.keeps.unkeep(showId, key);
    return this.check(found);
  }

  /**
   * The check of one render of any show (the share flow and review call it after their own owner or
   * staff check); while a finding is neither fixed nor kept, 409 with a plain message and the open
   * findings, each with its places, so the screen can offer "Fix it" for each (PersonalDetailsRefusal).
   */
  async assertResolved(found: ShowWithReview, render: RenderRow | null | undefined, by: "camper" | "staff" = "camper"): Promise<PersonalDetailsCheck> {
    const result = await this.check(found, render ?? null);
    if (result.unresolved > 0) throw personalDetailsRefusal(result, by);
    return result;
  }

  /** The check of a render: by default the camper's current video (what sending would pin). */
  async check(found: ShowWithReview, render: RenderRow | null = found.current): Promise<PersonalDetailsCheck> {
    const cues = await this.captionCues(render);
    const texts: Record<PersonalDetailField, string> = {
      title: found.show.title,
      // The script the render was made from (older renders kept none: the show's).
      script: render?.narration ?? found.show.narration ?? "",
      captions: captionsText(cues),
    };
    const byField = new Map<PersonalDetailField, FieldDetection[]>();
    for (const field of Object.keys(texts) as PersonalDetailField[]) {
      byField.set(field, detectPersonalDetails(texts[field]).map((d) => ({ ...d, source: "rules" as const })));
    }
    const opinion = await this.aiOpinion(found.show.id, found.show.userId, texts);
    for (const d of opinion ?? []) {
      const current = byField.get(d.field)!;
      // The rules' finding stands where both saw the same words.
      if (!current.some((c) => d.start < c.end && c.start < d.end)) current.push({ ...d, source: "ai" });
    }
    for (const [field, list] of byField) byField.set(field, resolveOverlaps(list) as FieldDetection[]);
    const findings = mergeFindings(byField, await this.keeps.keys(found.show.id), cues);
    return {
      showId: found.show.id,
      texts,
      findings,
      unresolved: findings.filter((f) => !f.kept).length,
      aiChecked: opinion !== null,
      checkedAt: new Date().toISOString(),
    };
  }

  /**
   * The AI's findings in these texts, or null when there is no provider, nothing to read, or no answer:
   * the rules' check then stands alone. The same texts are answered from the last answer kept for the
   * show; new ones count against the owner's AI limit, and once it is reached the rules answer alone.
   */
  private async aiOpinion(showId: number, ownerId: number, texts: Record<PersonalDetailField, string>): Promise<SecondOpinionFinding[] | null> {
    if (!this.secondOpinion || !Object.values(texts).some((t) => t.trim())) return null;
    const textsSha256 = createHash("sha256").update(`${this.secondOpinion.identity}\n${JSON.stringify(texts)}`).digest("hex");
    const kept = await this.opinions.find(showId, textsSha256);
    if (kept) return kept;
    try {
      await this.aiLimit(ownerId);
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
      this.log.warn({ showId }, "personal-details second opinion skipped: the camper's AI limit is reached; the offline check stands");
      return null;
    }
    try {
      const findings = await this.secondOpinion.find(texts);
      await this.opinions.save(showId, textsSha256, findings);
      return findings;
    } catch (error) {
      this.log.warn({ err: error }, "personal-details second opinion failed; the offline check stands");
      return null;
    }
  }

  /** The cues of a render's captions (none without a render or captions). */
  private async captionCues(render: RenderRow | null): Promise<CaptionCue[]> {
    if (!render?.captionsKey) return [];
    try {
      return vttCues(await text(this.storage.read(render.captionsKey)));
    } catch (error) {
      this.log.warn({ err: error, renderId: render.id }, "captions could not be read for the personal-details check");
      return [];
    }
  }
}
