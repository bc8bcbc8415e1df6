import { PassThrough, type Readable } from "node:stream";
import yazl from "yazl";
import type { PublicUser } from "../../../contracts/auth.ts";
import { REEL_MESSAGES } from "../../../contracts/reels.ts";
import { notFound } from "../../http/errors.ts";
import { fileNameFrom } from "../../http/media-response.ts";
import type { MediaStorage } from "../../media/media-storage.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import type { ApprovedVideo, ReelsRepository } from "./reels.repository.ts";
import { displayFirstName } from "./reels.service.ts";

/** `<First>-<L>-<title>` in safe characters, unique within the zip. */
function baseNames(videos: ApprovedVideo[]): string[] {
  const used = new Set<string>();
  return videos.map((video) => {
    const parts = [displayFirstName(video), video.lastInitial, video.title].filter(Boolean).join("-");
    const wanted = fileNameFrom(parts, "mp4", `video-${video.showId}`).replace(/\.mp4$/, "");
    let name = wanted;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${wanted}-${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

export interface CabinZipOptions {
  reels: ReelsRepository;
  scopes: StaffScopes;
  storage: MediaStorage;
  audit: AuditLog;
}

/**
 * The closing-night zip (decision 027d): a cabin's approved videos (the render staff approved) with
 * their captions, for staff in scope. Campers without a media release are left out, like from reels: the
 * zip leaves the app (it is played on closing night, copied to a stick), so it follows the sharing rule;
 * a note in the zip names who was left out and why, and their own videos stay theirs to download.
 */
export class CabinZip {
  private readonly reels: ReelsRepository;
  private readonly scopes: StaffScopes;
  private readonly storage: MediaStorage;
  private readonly audit: AuditLog;

  constructor(options: CabinZipOptions) {
    this.reels = options.reels;
    this.scopes = options.scopes;
    this.storage = options.storage;
    this.audit = options.audit;
  }

  async archive(staff: PublicUser, cabinId: number): Promise<{ fileName: string; stream: Readable }> {
    const scope = await this.scopes.of(staff);
    const cabin = await this.scopes.cabin(scope, cabinId);
    if (!cabin) throw notFound(REEL_MESSAGES.cabinNotFound);
    const videos = await this.reels.approvedVideos(scope, this.reels.groupCondition({ cabinId }));
    const released = videos.filter((v) => v.mediaRelease);
    const leftOut = videos.filter((v) => !v.mediaRelease);
    await this.audit.record(staff, "export_cabin", { detail: `${cabin.name}: ${released.length} approved videos` });

    const zip = new yazl.ZipFile();
    const output = new PassThrough();
    zip.outputStream.pipe(output);
    zip.on("error", (error: Error) => output.destroy(error));
    const names = baseNames(released);
    const missing: string[] = [];
    for (const [i, video] of released.entries()) {
      const files: [string, string | null][] = [
        [`${names[i]}.mp4`, video.outputKey],
        [`${names[i]}.vtt`, video.captionsKey],
      ];
      for (const [name, key] of files) {
        if (!key) continue;
        if ((await this.storage.size(key)) === undefined) {
          missing.push(name);
          continue;
        }
        // Opened only when the zip reaches this entry: one storage read at a time, also on S3.
        zip.addReadStreamLazy(name, { compress: name.endsWith(".vtt") }, (open) => {
          const source = this.storage.read(key);
          source.on("error", (error) => output.destroy(error));
          open(null, source);
        });
      }
    }
    const notes = [
      `${cabin.name}: ${released.length} approved video${released.length === 1 ? "" : "s"}, each with its captions (.vtt) when it has them.`,
      ...(leftOut.length
        ? ["", "Left out because there is no media release (their videos stay theirs to watch and download):", ...leftOut.map((v) => `- ${displayFirstName(v)} ${v.lastInitial ?? ""}: ${v.title}`.trimEnd())]
        : []),
      ...(missing.length ? ["", "Missing from storage:", ...missing.map((m) => `- ${m}`)] : []),
    ];
    zip.addBuffer(Buffer.from(`${notes.join("\n")}\n`), "README.txt");
    zip.end();
    const day = new Date().toISOString().slice(0, 10);
    return { fileName: fileNameFrom(`${cabin.name} approved videos ${day}`, "zip", "cabin-approved-videos"), stream: output };
  }
}
