import { TUS_VERSION, UPLOAD_CLIP_ID_HEADER } from "../../../../contracts/clips-constants.ts";
import { checkOwner, fetchCheckedClip, findByChecksum, sendTranscript } from "../../api/upload-calls.ts";
import { ClipMissingError, type LocalClip } from "./clip-store.ts";
import { pause } from "./network-status.ts";
import { PIECE_BYTES, UPLOADS_URL, backoffDelay, createUploadHeaders, headerNumber, patchHeaders, sha256Hex } from "./tus-protocol.ts";
import { UploadLoopBase, errorText, type LoopDeps } from "./upload-loop-base.ts";
import { GoneError, RefusedError, TransientError, classify } from "../../api/upload-errors.ts";

export type { LoopDeps, UploaderDeps } from "./upload-loop-base.ts";

/**
 * The per-clip loop of the tus client (uploader.ts runs one per clip): it sends whatever is on the
 * device, waits for more, and declares the length once Stop has fixed it. It never deletes the
 * device copy until GET /api/clips/{id} reports the same byte count and SHA-256 as the device copy.
 */

export const MISMATCH_MESSAGE = "The saved copy does not match; keeping the one on this device";
/** A piece may crawl on weak Wi-Fi; the server keeps what arrived, and HEAD says where to go on. */
const PATCH_TIMEOUT_MS = 120_000;
/** Times the loop asks for a clip the server has all the bytes of before giving up (Retry stays). */
const MAX_CONFIRM_ATTEMPTS = 6;
const MAX_TRANSCRIPT_ATTEMPTS = 6;
const MAX_UNEXPECTED_ERRORS = 5;
/** While offline the loop sleeps this long between looks at navigator.onLine (besides the 'online' event). */
const OFFLINE_RECHECK_MS = 30_000;

type StepResult = "continue" | "wait" | "done";

export class ClipUploader extends UploadLoopBase {
  /**
   * The HEAD answer is needed before the next PATCH: after any error (the offset is in doubt), and
   * when a loop picks up an upload an earlier loop (a closed tab, say) had started.
   */
  private needHead = true;
  private attempt = 0;
  private unexpectedErrors = 0;
  private confirmAttempts = 0;
  private transcriptAttempts = 0;
  private shaPromise: Promise<string> | null = null;
  readonly finished: Promise<void>;

  constructor(
    readonly localId: string,
    deps: LoopDeps,
  ) {
    super(deps);
    this.finished = this.start(localId, () => this.run());
  }

  private async run(): Promise<void> {
    const { store, network, sleep } = this.deps;
    while (!this.stopped) {
      this.pendingWake = false;
      const clip = await store.getClip(this.localId);
      if (!clip || clip.state === "failed") return;
      if (clip.state === "saved" && (clip.transcriptionSent || !clip.transcription?.trim())) return;
      if (!network.isOnline()) {
        // Offline: the take is on this device, and that is what the list says until the Wi-Fi is back.
        if (clip.state === "uploading") await store.updateClip(this.localId, { state: "local" });
        if (!network.isOnline()) await pause(network, sleep, OFFLINE_RECHECK_MS, this.controller.signal);
        continue;
      }
      try {
        const result = await this.step(clip);
        this.attempt = 0;
        this.unexpectedErrors = 0;
        if (result === "done") return;
        if (result === "wait") await this.waitForWake();
      } catch (error) {
        // Removed from the device (the camper removed the clip): nothing left to send.
        if (this.stopped || error instanceof ClipMissingError) return;
        if (error instanceof RefusedError) {
          await this.fail(error.message, error.retryable);
          return;
        }
        if (!(error instanceof TransientError) && ++this.unexpectedErrors > MAX_UNEXPECTED_ERRORS) {
          // Not the network: the device copy can't be read (storage trouble). Keep it, and say so.
          console.error(error);
          await this.fail(`This clip could not be read from the device: ${errorText(error)}`, true);
          return;
        }
        this.needHead = true;
        await pause(network, sleep, backoffDelay(this.attempt++, this.deps.random), this.controller.signal);
      }
    }
  }

  /** One request (or none, when there is nothing to send yet). */
  private async step(clip: LocalClip): Promise<StepResult> {
    if (clip.state === "saved") return this.sendTranscription(clip);
    if (clip.state === "local") clip = await this.deps.store.updateClip(this.localId, { state: "uploading" });
    if (clip.serverClipId !== null) return this.confirm(clip, clip.serverClipId);

    const final = clip.totalBytes !== null;
    if (final && clip.totalBytes === 0) {
      await this.fail("Nothing was recorded in this clip", false);
      return "done";
    }
    if (final && !this.shaPromise) {
      // Hash the device copy while the last bytes travel, so the check costs nothing after Stop.
      this.shaPromise = this.deviceSha(clip);
      this.shaPromise.catch(() => (this.shaPromise = null));
    }

    if (clip.uploadUrl === null) {
      await this.create(clip);
      return "continue";
    }
    if (this.needHead) {
      return this.head(clip);
    }

    const offset = clip.uploadedOffset;
    if (offset < clip.recordedBytes) {
      const piece = await this.deps.store.getChunksFrom(this.localId, offset, PIECE_BYTES);
      return this.patch(clip, offset, piece);
    }
    if (!final) return "wait";
    if (!clip.lengthDeclared) return this.patch(clip, offset, new Blob([]));
    // Every byte and the length are on the server, but its answer (the clip id) never arrived.
    return this.recoverFinishedUpload(clip);
  }

  private async create(clip: LocalClip) {
    await checkOwner(this.request, clip);
    const response = await classify(
      await this.request(UPLOADS_URL, {
        method: "POST",
        headers: createUploadHeaders({
          title: clip.title,
          showId: clip.showId,
          shotId: clip.shotId,
          mimeType: clip.mimeType,
          // Measured here, on the device's clock, as startTime was: the server needs no agreement on the time.
          begunMsAgo: Math.max(0, Math.round(Date.now() - clip.startTime)),
          draftKey: clip.draftKey ?? null,
        }),
      }),
    );
    const location = response.headers.get("location");
    if (!location) throw new TransientError("The server did not say where the upload is");
    await this.deps.store.updateClip(this.localId, { uploadUrl: location, uploadedOffset: 0, lengthDeclared: false });
    this.needHead = false;
  }

  private async head(clip: LocalClip): Promise<StepResult> {
    let response: Response;
    try {
      response = await classify(
        await this.request(clip.uploadUrl!, { method: "HEAD", headers: { "Tus-Resumable": TUS_VERSION } }),
      );
    } catch (error) {
      if (error instanceof GoneError) return this.uploadGone(clip);
      throw error;
    }
    const offset = headerNumber(response, "upload-offset");
    if (offset === null) throw new TransientError("HEAD without Upload-Offset");
    if (offset > clip.recordedBytes) {
      // The server holds bytes this device never recorded: that upload is not ours to continue.
      return this.restartUpload();
    }
    const lengthDeclared = headerNumber(response, "upload-length") !== null;
    await this.deps.store.updateClip(this.localId, { uploadedOffset: offset, lengthDeclared });
    this.needHead = false;
    const clipId = headerNumber(response, UPLOAD_CLIP_ID_HEADER);
    if (clipId !== null) await this.deps.store.updateClip(this.localId, { serverClipId: clipId });
    return "continue";
  }

  private async patch(clip: LocalClip, offset: number, piece: Blob): Promise<StepResult> {
    const final = clip.totalBytes !== null;
    const declareLength = final && !clip.lengthDeclared;
    let response: Response;
    try {
      response = await classify(
        await this.request(clip.uploadUrl!, {
          method: "PATCH",
          headers: patchHeaders({ offset, length: declareLength ? clip.totalBytes : null }),
          body: piece,
          timeoutMs: PATCH_TIMEOUT_MS,
        }),
      );
    } catch (error) {
      if (error instanceof GoneError) return this.uploadGone(clip);
      throw error;
    }
    const confirmed = headerNumber(response, "upload-offset") ?? offset + piece.size;
    const clipId = headerNumber(response, UPLOAD_CLIP_ID_HEADER);
    const updated = await this.deps.store.updateClip(this.localId, {
      uploadedOffset: confirmed,
      lengthDeclared: clip.lengthDeclared || declareLength,
      ...(clipId !== null ? { serverClipId: clipId } : {}),
    });
    if (clipId !== null) return this.confirm(updated, clipId);
    return "continue";
  }

  /** 404 on the upload URL: it expired or the server forgot it. Send everything again, from 0. */
  private async uploadGone(clip: LocalClip): Promise<StepResult> {
    if (clip.totalBytes !== null) {
      // The last PATCH may have finished the upload (and the server cleaned it away) with its answer
      // lost on the way: look for our clip before sending everything again as a second one.
      const found = await findByChecksum(this.request, clip, await this.sha(clip));
      if (found !== null) {
        const updated = await this.deps.store.updateClip(this.localId, { serverClipId: found });
        return this.confirm(updated, found);
      }
    }
    return this.restartUpload();
  }

  private async restartUpload(): Promise<StepResult> {
    await this.deps.store.updateClip(this.localId, { uploadUrl: null, uploadedOffset: 0, lengthDeclared: false });
    this.needHead = false;
    return "continue";
  }

  private async recoverFinishedUpload(clip: LocalClip): Promise<StepResult> {
    const found = await findByChecksum(this.request, clip, await this.sha(clip));
    if (found !== null) {
      const updated = await this.deps.store.updateClip(this.localId, { serverClipId: found });
      return this.confirm(updated, found);
    }
    if (++this.confirmAttempts >= MAX_CONFIRM_ATTEMPTS) {
      await this.fail("The server has every byte but did not confirm the clip; it is kept on this device", true);
      return "done";
    }
    // Maybe the server is still finishing the file: ask again after a pause.
    throw new TransientError("Waiting for the server to confirm the clip");
  }

  private sha(clip: LocalClip): Promise<string> {
    if (clip.sha256) return Promise.resolve(clip.sha256);
    this.shaPromise ??= this.deviceSha(clip);
    return this.shaPromise;
  }

  private async deviceSha(clip: LocalClip): Promise<string> {
    const blob = await this.deps.store.getChunksFrom(this.localId, 0);
    if (blob.size !== clip.totalBytes) {
      throw new Error(`The device copy holds ${blob.size} bytes, not ${clip.totalBytes}`);
    }
    const sha = await sha256Hex(blob);
    await this.deps.store.updateClip(this.localId, { sha256: sha });
    return sha;
  }

  /** The server made a clip of the upload: compare it with the device copy before letting go of it. */
  private async confirm(clip: LocalClip, clipId: number): Promise<StepResult> {
    let server: Awaited<ReturnType<typeof fetchCheckedClip>>;
    try {
      server = await fetchCheckedClip(this.request, clipId);
    } catch (error) {
      if (error instanceof GoneError) {
        // The clip is gone from the server (deleted elsewhere?): the device copy is sent again.
        await this.deps.store.updateClip(this.localId, { serverClipId: null });
        return this.restartUpload();
      }
      throw error;
    }
    const sha = await this.sha(clip);
    if (!server || server.uploadedBytes !== clip.totalBytes || server.uploadSha256.toLowerCase() !== sha) {
      await this.fail(MISMATCH_MESSAGE, true);
      return "done";
    }
    const saved = await this.deps.store.updateClip(this.localId, {
      state: "saved",
      serverClipId: clipId,
      savedAt: Date.now(),
      error: null,
    });
    await this.deps.store.deleteChunks(this.localId);
    this.deps.onSaved?.(saved);
    return "continue";
  }

  private async sendTranscription(clip: LocalClip): Promise<StepResult> {
    const text = clip.transcription?.trim() ?? "";
    if (!text || clip.transcriptionSent || clip.serverClipId === null) return "done";
    try {
      await sendTranscript(this.request, clip.serverClipId, text);
    } catch (error) {
      const giveUp = error instanceof RefusedError || error instanceof GoneError || ++this.transcriptAttempts >= MAX_TRANSCRIPT_ATTEMPTS;
      if (!giveUp) throw error instanceof TransientError ? error : new TransientError(String(error));
      if (error instanceof RefusedError || error instanceof GoneError) {
        console.warn("The transcript was not accepted", error);
        await this.deps.store.updateClip(this.localId, { transcriptionSent: true });
      }
      // Otherwise it stays on the device and goes next time the page opens.
      return "done";
    }
    await this.deps.store.updateClip(this.localId, { transcriptionSent: true });
    return "done";
  }

  private async fail(message: string, retryable: boolean) {
    const failed = await this.deps.store.updateClip(this.localId, { state: "failed", error: message, retryable });
    this.deps.onFailed?.(failed);
  }
}
