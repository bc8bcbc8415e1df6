import { writeFile } from "node:fs/promises";
import path from "node:path";
import { joinWithPauses, seconds, toWav, trimSilence } from "../../server/voice/wav.ts";
import { fliteReader } from "../../testing/script-takes.ts";

/**
 * A WAV for Chromium's microphone (`--use-file-for-fake-audio-capture`): the sentences read by Flite's
 * kal16 voice with short pauses, then a longer quiet stretch. Chromium plays it in a loop from when the
 * page opens the microphone, so a take of about twice its length holds at least one whole reading
 * wherever in the loop Record is pressed.
 */
export async function spokenMicrophone(sentences: readonly string[], into: string): Promise<{ file: string; seconds: number }> {
  const pieces = (await fliteReader("kal16").sentences(sentences)).map(trimSilence);
  const { audio } = joinWithPauses(pieces, { lead: 0.3, between: 0.6, tail: 1.5 });
  const file = path.join(into, `mic-${Date.now()}-${Math.random().toString(36).slice(2)}.wav`);
  await writeFile(file, toWav(audio));
  return { file, seconds: seconds(audio) };
}
