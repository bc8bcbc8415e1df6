import { createHash } from "node:crypto";
import { PassThrough, Transform, type Readable } from "node:stream";
import yazl from "yazl";
import { notFound } from "../../http/errors.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { RowFile } from "../../media/row-files.ts";
import type { UsersRepository } from "../auth/users.repository.ts";
import type { ClipHeardWordsRepository } from "../clips/clip-heard-words.repository.ts";
import { clipFiles, toClip, type ClipsRepository } from "../clips/clips.repository.ts";
import type { ShareLink } from "../../../contracts/shares.ts";
import { renderFiles, type RenderJobsRepository } from "../renders/render-jobs.repository.ts";
import { toRenderJob } from "../renders/renders.service.ts";
import type { ReviewsService } from "../reviews/reviews.service.ts";
import type { ShotsRepository } from "../shots/shots.repository.ts";
import { toShow, type ShowsRepository } from "../shows/shows.repository.ts";
import { voiceFiles, type VoiceRepository } from "../voice/voice.repository.ts";
import { toVoiceSample } from "../voice/voice-samples.service.ts";
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

/**
 * The camper's rows, each table through its repository; the repositories also name each row's files
 * (clipFiles, voiceFiles, renderFiles), so a new media column reaches the export from there.
 */
export interface ExportRepositories {
  users: Pick<UsersRepository, "exportAccount">;
  shows: Pick<ShowsRepository, "listOfUser">;
  clips: Pick<ClipsRepository, "listOfUser">;
  shots: Pick<ShotsRepository, "shotsOfUser">;
  voice: Pick<VoiceRepository, "voiceOversOfUser" | "findSample">;
  renderJobs: Pick<RenderJobsRepository, "listOfUser">;
  heardWords: Pick<ClipHeardWordsRepository, "listForUser">;
}

export interface DataExportOptions {
  rows: ExportRepositories;
  storage: MediaStorage;
  reviews: ReviewsService;
  voice: VoiceService;
  /** The show's share links as its camper sees them (the token itself is never stored, so never exported). */
  shareLinks: (userId: number, showId: number) => Promise<ShareLink[]>;
}

/**
 * "Your data, yours to take": everything the app holds about one camper as one zip, streamed as it
 * is written so a camper with gigabytes of clips never sits in memory. The JSON is the API's own view
 * (the same toShow/toClip/toRenderJob the routes answer with) plus the rows the API does not list;
 * password hashes, session ids and device tokens are never in it. Media is read through MediaStorage,
 * so it works on local disk and S3 alike. manifest.json, written last, lists every file with its size
 * and SHA-256, measured on the bytes as they went into the zip.
 */
export class DataExport {
  private readonly rows: ExportRepositories;
  private readonly storage: MediaStorage;
  private readonly reviews: ReviewsService;
  private readonly voice: VoiceService;
  private readonly shareLinks: (userId: number, showId: number) => Promise<ShareLink[]>;

  constructor(options: DataExportOptions) {
    this.rows = options.rows;
    this.storage = options.storage;
    this.reviews = options.reviews;
    this.voice = options.voice;
    this.shareLinks = options.shareLinks;
  }

  /** The camper's account, or a 404 (also for staff accounts: they are not campers). */
  async camper(userId: number) {
    const user = await this.rows.users.exportAccount(userId);
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

    const shows = await this.rows.shows.listOfUser(userId);
    const clips = await this.rows.clips.listOfUser(userId);
    // The shot lists of the camper's shows (record to the script): which lines each shot says and
    // which take it uses. Takes are among the clips, each with its shotId.
    const shots = await this.rows.shots.shotsOfUser(userId);
    const voiceOvers = await this.rows.voice.voiceOversOfUser(userId);
    const renders = await this.rows.renderJobs.listOfUser(userId);
    // What the server heard the camper say in their clips' sound (kept for captions): their words too.
    const heard = await this.rows.heardWords.listForUser(userId);

    /** Copies a row's files into the archive as `{prefix}{name}` (named by the owning repository); their paths. */
    const copy = (prefix: string, files: RowFile[]) => {
      const copied = files.map((f) => ({ path: `${prefix}${f.name}`, key: f.key }));
      media.push(...copied);
      return copied.map((f) => f.path);
    };
    const clipFilesOf = (folder: string, clip: (typeof clips)[number]) => {
      const wordsHeard = heard
        .filter((h) => h.contentSha256 === clip.uploadSha256)
        .map((h) => ({ listener: h.listener, heardAt: h.createdAt.toISOString(), words: h.words }));
      return { ...toClip(clip), wordsHeard, files: copy(`${folder}/clips/${clip.id}`, clipFiles(clip)) };
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
          clips: clips.filter((c) => c.showId === show.id).map((c) => clipFilesOf(folder, c)),
          shots: shots
            .filter((shot) => shot.showId === show.id)
            .map((shot, index) => ({ id: shot.id, number: index + 1, text: shot.text, chosenClipId: shot.chosenClipId })),
          voiceOvers: voiceOvers
            .filter((v) => v.showId === show.id)
            .map((v) => ({
              ...this.voice.toVoiceOver(v, show.narration ?? ""),
              sentences: v.sentences,
              files: copy(`${folder}/voice-overs/${v.id}`, voiceFiles(v)),
            })),
          // A finished render's files only: a queued, running or failed one has none to give.
          renders: showRenders.map((r) => ({
            ...toRenderJob(r, show.videoFormat),
            files: copy(`${folder}/videos/${r.id}`, r.status === "done" ? renderFiles(r) : []),
          })),
        },
      });
    }
    const loose = clips.filter((c) => c.showId === null);
    if (loose.length) json.push({ path: "loose-clips/clips.json", value: loose.map((c) => clipFilesOf("loose-clips", c)) });

    const sample = await this.rows.voice.findSample(userId);
    if (sample) {
      json.push({ path: "voice-sample/voice-sample.json", value: { ...toVoiceSample(sample), files: copy("voice-sample/voice-sample", voiceFiles(sample)) } });
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
