import type { RenderClip } from "../../render/render-plan.ts";
import { timeScriptInClips } from "../../speech/clip-speech.ts";
import type { TimedSentence } from "../../voice/voice-provider.ts";
import type { ClipRow } from "../clips/clips.repository.ts";
import { NotAhead } from "./render-errors.ts";
import type { JobRow } from "./render-jobs.repository.ts";
import type { ShowRendererDeps } from "./show-renderer.ts";

/**
 * The script's sentences timed on the camper's reading in the clips (checked takes' stored word
 * times, the other clips' words as kept for their content, listened to now when none are), or
 * undefined when nothing can tell (no aligner and no checked take), the camper did not read the
 * script, or listening failed (captions are then not timed on speech; the render itself goes on).
 * `ahead`: work done before the camper asks, which stops where a clip's sound would be sent away.
 */
export async function readingInClips(
  deps: Pick<ShowRendererDeps, "clipWords" | "tools" | "log">,
  render: { job: JobRow; rows: ClipRow[]; clips: RenderClip[]; narration: string; work: string; signal: AbortSignal; ahead: boolean },
): Promise<TimedSentence[] | undefined> {
  const { job, rows, clips, narration, work, signal, ahead } = render;
  const words = deps.clipWords;
  const aligner = words?.aligner;
  if ((!aligner && !clips.some((c) => c.heardWords)) || !narration.trim()) return undefined;
  // Words already kept are read; a clip that would have to be sent to a transcriber stops work done ahead.
  const beforeListening = ahead && aligner?.sendsAudioAway ? () => Promise.reject(new NotAhead("listening would send a clip's sound away")) : undefined;
  const started = Date.now();
  try {
    const known: RenderClip[] = [];
    for (const [i, clip] of clips.entries()) {
      const heard = clip.heardWords ?? (clip.hasAudio && words ? ((await words.heard(rows[i]!, narration, { localPath: clip.path, signal, beforeListening })) ?? undefined) : undefined);
      known.push({ ...clip, heardWords: heard });
    }
    const timing = await timeScriptInClips(undefined, deps.tools, known, narration, work, signal);
    deps.log?.info(
      { jobId: job.id, aligner: aligner?.name ?? "none", storedTakes: clips.filter((c) => c.heardWords).length, share: Number(timing.share.toFixed(2)), sentencesSaid: Number(timing.sentencesSaid.toFixed(2)), speechSeconds: timing.speechSeconds, ms: Date.now() - started },
      timing.readTheScript ? "clip speech follows the script" : "clip speech is not the script",
    );
    return timing.readTheScript ? timing.sentences : undefined;
  } catch (error) {
    if (error instanceof NotAhead) throw error;
    deps.log?.warn?.({ err: error, jobId: job.id, aligner: aligner?.name }, "could not listen to the clips' speech");
    return undefined;
  }
}
