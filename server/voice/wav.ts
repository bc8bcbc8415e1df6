/**
 * Just enough of WAV (16-bit PCM) to join sentences read one by one and know, to the sample, where
 * each one starts: the offline voices all write this format.
 */
export interface Pcm16 {
  sampleRate: number;
  channels: number;
  /** Interleaved 16-bit little-endian samples. */
  data: Buffer;
}

export function parseWav(file: Buffer): Pcm16 {
  if (file.length < 12 || file.toString("latin1", 0, 4) !== "RIFF" || file.toString("latin1", 8, 12) !== "WAVE") {
    throw new Error("not a WAV file");
  }
  let format: { sampleRate: number; channels: number; bits: number; code: number } | undefined;
  for (let at = 12; at + 8 <= file.length; ) {
    const id = file.toString("latin1", at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt ") {
      format = { code: file.readUInt16LE(body), channels: file.readUInt16LE(body + 2), sampleRate: file.readUInt32LE(body + 4), bits: file.readUInt16LE(body + 14) };
    } else if (id === "data") {
      if (!format || format.code !== 1 || format.bits !== 16) throw new Error("only 16-bit PCM WAV is supported");
      // Streamed WAVs (espeak-ng --stdout) carry a placeholder size: the data runs to the end.
      const end = Math.min(file.length, body + size);
      const data = file.subarray(body, end - ((end - body) % (2 * format.channels)));
      return { sampleRate: format.sampleRate, channels: format.channels, data };
    }
    at = body + size + (size % 2);
  }
  throw new Error("WAV file without data");
}

export function toWav({ sampleRate, channels, data }: Pcm16): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export const seconds = (pcm: Pcm16) => pcm.data.length / 2 / pcm.channels / pcm.sampleRate;

/** About -40 dBFS: quieter than any speech sound, louder than the voices' digital silence. */
const SILENCE_LEVEL = 330;

/** The same audio without its leading and trailing silence (a few milliseconds of it are kept). */
export function trimSilence(pcm: Pcm16): Pcm16 {
  const frame = 2 * pcm.channels;
  const frames = pcm.data.length / frame;
  const loud = (i: number) => {
    for (let c = 0; c < pcm.channels; c++) if (Math.abs(pcm.data.readInt16LE(i * frame + c * 2)) > SILENCE_LEVEL) return true;
    return false;
  };
  let first = 0;
  while (first < frames && !loud(first)) first++;
  if (first === frames) return { ...pcm, data: pcm.data.subarray(0, 0) };
  let last = frames - 1;
  while (last > first && !loud(last)) last--;
  const keep = Math.round(pcm.sampleRate * 0.01);
  const from = Math.max(0, first - keep);
  const to = Math.min(frames, last + 1 + keep);
  return { ...pcm, data: pcm.data.subarray(from * frame, to * frame) };
}

export function silence(like: Pcm16, secondsLong: number): Buffer {
  return Buffer.alloc(Math.round(secondsLong * like.sampleRate) * 2 * like.channels);
}

/**
 * Pieces of the same format joined with quiet before the first, between each two and after the last,
 * and where (seconds) each piece sits in the whole: sentences read one by one become one reading whose
 * sentence times are known to the sample.
 */
export function joinWithPauses(pieces: readonly Pcm16[], pauses: { lead: number; between: number; tail: number }): { audio: Pcm16; placed: { start: number; end: number }[] } {
  const first = pieces[0];
  if (!first) throw new Error("nothing to join");
  if (pieces.some((p) => p.sampleRate !== first.sampleRate || p.channels !== first.channels)) throw new Error("the pieces differ in format");
  const chunks: Buffer[] = [silence(first, pauses.lead)];
  const placed: { start: number; end: number }[] = [];
  let at = pauses.lead;
  pieces.forEach((piece, i) => {
    if (i > 0) {
      chunks.push(silence(first, pauses.between));
      at += pauses.between;
    }
    chunks.push(piece.data);
    placed.push({ start: at, end: at + seconds(piece) });
    at += seconds(piece);
  });
  chunks.push(silence(first, pauses.tail));
  return { audio: { ...first, data: Buffer.concat(chunks) }, placed };
}
