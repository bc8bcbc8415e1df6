import { createHash } from "node:crypto";
import { PassThrough, Transform, type Readable } from "node:stream";
import { asc, eq } from "drizzle-orm";
import yazl from "yazl";
import type { Database } from "../../../db/client.ts";
import { schema } from "../../../db/client.ts";
import { notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import { ClipHeardWordsRepository } from "../clips/clip-heard-words.repository.ts";
import { toClip } from "../clips/clips.repository.ts";
import type { ShareLink } from "../../../contracts/shares.ts";
import { toRenderJob } from "../renders/renders.service.ts";
import type { ReviewsService } from "../reviews/reviews.service.ts";
import { toShow } from "../shows/shows.repository.ts";
import type { VoiceService } from "../voice/voice.service.ts";

/** One entry of manifest.json: every other file of the archive, with what it should hold. */
export interface ManifestFile {
  path: string;
  sizeBytes: number;
  sha256: string;
  /** The stored object it was read from (media files only). */
  storageKey?: string;
}

/** A media object the archive copies out of storage. */
interface MediaFile {
  path: string;
  key: string;
}

export const EXPORT_MESSAGES = { camperNotFound: "Camper not found" } as const;

const extensionOf = (key: string) => key.match(/\.([a-z0-9]+)$/i)?.[1] ?? "bin";

/**
 * "Your data, yours to take": everything the app holds about one camper as one zip, streamed as it
 * is written so a camper with gigabytes of clips never sits in memory. The JSON is the API's own view
 * (the same toShow/toClip/toRenderJob the routes answer with) plus the rows the API does not list;
 * password hashes, session ids and device tokens are never in it. Media is read through MediaStorage,
 * so it works on local disk and S3 alike. manifest.json, written last, lists every file with its size
 * and SHA-256, measured on the bytes as they went into the zip.
 */
export class DataExport {
  constructor(
    private readonly db: Database,
    private readonly storage: MediaStorage,
    private readonly reviews: ReviewsService,
    private readonly voice: VoiceService,
    /** The show's share links as its camper sees them (the token itself is never stored, so never exported). */
    private readonly shareLinks: (userId: number, showId: number) => Promise<ShareLink[]>,
  ) {}

  /** The camper's account, or a 404 (also for staff accounts: they are not campers). */
  async camper(userId: number) {
    const [user] = await this.db
      .select({
        id: schema.users.id,
        username: schema.users.username,
        role: schema.users.role,
        subscriptionTier: schema.users.subscriptionTier,
        recordingsCount: schema.users.recordingsCount,
        createdAt: schema.users.createdAt,
      })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    if (!user) throw notFound(EXPORT_MESSAGES.camperNotFound);
    return user;
  }

  /** The JSON documents and the media files of the camper's archive. Every query is scoped to the camper. */
  async collect(userId: number): Promise<{ json: { path: string; value: unknown }[]; media: MediaFile[] }> {
    const user = await this.camper(userId);
    const json: { path: string; value: unknown }[] = [];
    const media: MediaFile[] = [];
    json.push({
      path: "account.json",
      value: {
        ...user,
        createdAt: user.createdAt.toISOString(),
      },
    });

    const shows = await this.db
      .select()
      .from(schema.recordings)
      .where(eq(schema.recordings.userId, userId))
      .orderBy(asc(schema.recordings.id));
    const clips = await this.db.select().from(schema.clips).where(eq(schema.clips.userId, userId)).orderBy(asc(schema.clips.position), asc(schema.clips.id));
    // The shot lists of the camper's shows (record to the script): which lines each shot says and
    // which take it uses. Takes are among the clips, each with its shotId.
    const shots = await this.db
      .select({ id: schema.shots.id, showId: schema.shots.showId, text: schema.shots.text, chosenClipId: schema.shots.chosenClipId })
      .from(schema.shots)
      .innerJoin(schema.recordings, eq(schema.recordings.id, schema.shots.showId))
      .where(eq(schema.recordings.userId, userId))
      .orderBy(asc(schema.shots.showId), asc(schema.shots.position), asc(schema.shots.id));
    const voiceOvers = await this.db.select().from(schema.voiceOvers).where(eq(schema.voiceOvers.userId, userId)).orderBy(asc(schema.voiceOvers.id));
    const renders = await this.db
      .select()
      .from(schema.renderJobs)
      .where(eq(schema.renderJobs.userId, userId))
      .orderBy(asc(schema.renderJobs.id));

    // What the server heard the camper say in their clips' sound (kept for captions): their words too.
    const heard = await new ClipHeardWordsRepository(this.db).listForUser(userId);
    const clipFiles = (folder: string, clip: (typeof clips)[number]) => {
      const files = [{ path: `${folder}/clips/${clip.id}.${extensionOf(clip.storageKey)}`, key: clip.storageKey }];
      if (clip.posterKey) files.push({ path: `${folder}/clips/${clip.id}-poster.${extensionOf(clip.posterKey)}`, key: clip.posterKey });
      media.push(...files);
      const wordsHeard = heard
        .filter((h) => h.contentSha256 === clip.uploadSha256)
        .map((h) => ({ listener: h.listener, heardAt: h.createdAt.toISOString(), words: h.words }));
      return { ...toClip(clip), wordsHeard, files: files.map((f) => f.path) };
    };

    for (const show of shows) {
      const folder = `shows/${show.id}`;
      const showRenders = renders.filter((r) => r.showId === show.id);
      json.push({
        path: `${folder}/show.json`,
        value: {
          show: toShow(show),
          review: await this.reviews.forOwner(userId, show.id),
          shareLinks: await this.shareLinks(userId, show.id),
          clips: clips.filter((c) => c.showId === show.id).map((c) => clipFiles(folder, c)),
          shots: shots
            .filter((shot) => shot.showId === show.id)
            .map((shot, index) => ({ id: shot.id, number: index + 1, text: shot.text, chosenClipId: shot.chosenClipId })),
          voiceOvers: voiceOvers
            .filter((v) => v.showId === show.id)
            .map((v) => {
              const path = `${folder}/voice-overs/${v.id}.${extensionOf(v.storageKey)}`;
              media.push({ path, key: v.storageKey });
              return { ...this.voice.toVoiceOver(v, show.narration ?? ""), sentences: v.sentences, files: [path] };
            }),
          renders: showRenders.map((r) => {
            const files: MediaFile[] = [];
            if (r.status === "done" && r.outputKey) files.push({ path: `${folder}/videos/${r.id}.mp4`, key: r.outputKey });
            if (r.status === "done" && r.captionsKey) files.push({ path: `${folder}/videos/${r.id}.vtt`, key: r.captionsKey });
            media.push(...files);
            return { ...toRenderJob(r, show.videoFormat), files: files.map((f) => f.path) };
          }),
        },
      });
    }
    const loose = clips.filter((c) => c.showId === null);
    if (loose.length) json.push({ path: "loose-clips/clips.json", value: loose.map((c) => clipFiles("loose-clips", c)) });

    const [sample] = await this.db.select().from(schema.voiceSamples).where(eq(schema.voiceSamples.userId, userId));
    if (sample) {
      const path = `voice-sample/voice-sample.${extensionOf(sample.storageKey)}`;
      media.push({ path, key: sample.storageKey });
      json.push({ path: "voice-sample/voice-sample.json", value: { ...this.voice.toSample(sample), files: [path] } });
    }
    return { json, media };
  }

  /**
   * Streams the camper's archive. Media the database names but storage no longer has (a file lost
   * outside the app) is listed under `missing` in the manifest rather than failing the whole download.
   */
  async archive(userId: number): Promise<Readable> {
    const { json, media } = await this.collect(userId);
    const zip = new yazl.ZipFile();
    const output = new PassThrough();
    zip.outputStream.pipe(output);
    zip.on("error", (error: Error) => output.destroy(error));
    const files: ManifestFile[] = [];

    for (const doc of json) {
      const bytes = Buffer.from(`${JSON.stringify(doc.value, null, 2)}\n`);
      files.push({ path: doc.path, sizeBytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
      zip.addBuffer(bytes, doc.path);
    }

    const missing: { path: string; storageKey: string }[] = [];
    const copied: Promise<void>[] = [];
    for (const file of media) {
      if ((await this.storage.size(file.key)) === undefined) {
        missing.push({ path: file.path, storageKey: file.key });
        continue;
      }
      copied.push(
        new Promise<void>((resolve, reject) => {
          // Opened only when the zip reaches this entry: one storage read at a time, also on S3.
          zip.addReadStreamLazy(file.path, { compress: false }, (open) => {
            const hash = createHash("sha256");
            let sizeBytes = 0;
            const measure = new Transform({
              transform(chunk: Buffer, _encoding, done) {
                hash.update(chunk);
                sizeBytes += chunk.length;
                done(null, chunk);
              },
              flush(done) {
                files.push({ path: file.path, sizeBytes, sha256: hash.digest("hex"), storageKey: file.key });
                resolve();
                done();
              },
            });
            const source = this.storage.read(file.key);
            source.on("error", (error) => {
              reject(error);
              output.destroy(error);
            });
            open(null, source.pipe(measure));
          });
        }),
      );
    }

    // The manifest can only be written once every file has gone through; the zip streams meanwhile.
    void Promise.all(copied).then(
      () => {
        const manifest = { exportedAt: new Date().toISOString(), camperUserId: userId, files, missing };
        zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "manifest.json");
        zip.end();
      },
      () => undefined,
    );
    return output;
  }
}
