import type { MusicLevel } from "../../contracts/video-style.ts";
import { VIDEO_STYLE } from "../../contracts/video-style.ts";
import type { RenderClip } from "./render-plan.ts";
import { SAMPLE_RATE, samplesOf, secondsOf, type Section } from "./render-sections.ts";

/**
 * The music's loudness between sentences, in LU below the speech's (decision 028c). Under speech the
 * ducking takes it a further ~14 dB down, so speech stays at least VIDEO_STYLE.speechOverMusicDb above.
 */
export const MUSIC_LEVEL_DB: Record<MusicLevel, number> = { soft: -10, medium: -7, loud: -4 };

/** The speech (voice, or the clips' own sound) is levelled to this before the music joins it. */
const SPEECH_LUFS = -15;
/** The clips' own sound under the AI voice, as before issue 28. */
const BED_UNDER_VOICE = 0.25;
/**
 * Ducking: the music drops as soon as speech starts (5 ms attack) and comes back ~0.4 s after it
 * stops, so it rises between sentences but not between words. Threshold -36 dBFS, ratio 10:1.
 */
const DUCKING = "threshold=0.016:ratio=10:attack=5:release=400:knee=2";
/** Short fades where one clip's sound cuts to the next, so a cut never clicks (transitions on). */
const CUT_FADE_SECONDS = 0.03;
/** Sample peak ceiling of the mix (-3 dBFS): leaves room for the final small gain to stay below -1 dBTP. */
const PASS1_LIMIT = 0.7;

const FORMAT = `aformat=sample_fmts=fltp:channel_layouts=stereo`;

/** What loudnorm measured on pass 2's mix (its print_format=json). */
export interface LoudnessMeasure {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
}

export interface MixInput {
  sections: Section[];
  voicePath?: string;
  /** The voice starts with the story (after the title card). */
  voiceDelayFrames: number;
  music?: { path: string; level: MusicLevel };
  transitions: boolean;
  /** The mix's file name in ffmpeg's working folder. */
  mixFile: string;
}

function trimInput(clip: RenderClip): string[] {
  const args: string[] = [];
  const start = Math.min(clip.trimStartSeconds ?? 0, clip.durationSeconds);
  if (start > 0) args.push("-ss", start.toFixed(3));
  const end = Math.min(clip.trimEndSeconds ?? clip.durationSeconds, clip.durationSeconds);
  if (start > 0 || end < clip.durationSeconds) args.push("-t", Math.max(0, end - start).toFixed(3));
  return args;
}

/** A section's input options (its trims), shared by the audio and the video pass. */
export const sectionInputArgs = trimInput;

/** The files pass 1 writes the stems' loudness to (ebur128's running figure, frame by frame; the last is the whole). */
export const STEM_LOUDNESS_FILES = { speech: "speech-loudness.txt", music: "music-loudness.txt" } as const;

/** The speech stem (clips' sound section by section, the voice over it) and the looped music: inputs and filters. */
function stems(input: MixInput, args: string[]) {
  const total = input.sections.reduce((sum, s) => sum + s.frames, 0);
  const T = samplesOf(total);
  const filters: string[] = [];
  let next = 0;
  input.sections.forEach((section, i) => {
    const S = samplesOf(section.frames);
    if (section.clip && section.withSound && section.clip.hasAudio) {
      args.push(...trimInput(section.clip), "-vn", "-i", section.clip.path);
      const seconds = secondsOf(section.frames);
      const fades = input.transitions && seconds > 4 * CUT_FADE_SECONDS ? `,afade=t=in:d=${CUT_FADE_SECONDS},afade=t=out:st=${(seconds - CUT_FADE_SECONDS).toFixed(4)}:d=${CUT_FADE_SECONDS}` : "";
      filters.push(`[${next++}:a]aresample=${SAMPLE_RATE},${FORMAT},asetpts=PTS-STARTPTS,apad,atrim=end_sample=${S}${fades}[a${i}]`);
    } else {
      filters.push(`anullsrc=r=${SAMPLE_RATE}:cl=stereo,${FORMAT},atrim=end_sample=${S}[a${i}]`);
    }
  });
  filters.push(`${input.sections.map((_, i) => `[a${i}]`).join("")}concat=n=${input.sections.length}:v=0:a=1[bed]`);
  let speech = "bed";
  if (input.voicePath) {
    args.push("-vn", "-i", input.voicePath);
    const delay = samplesOf(input.voiceDelayFrames);
    filters.push(`[bed]volume=${BED_UNDER_VOICE}[bedlow]`);
    filters.push(`[${next++}:a]aresample=${SAMPLE_RATE},${FORMAT},adelay=delays=${delay}S:all=1,apad,atrim=end_sample=${T}[voice]`);
    filters.push(`[voice][bedlow]amix=inputs=2:duration=first:normalize=0[speech]`);
    speech = "speech";
  }
  if (input.music) {
    args.push("-vn", "-stream_loop", "-1", "-i", input.music.path);
    filters.push(`[${next++}:a]aresample=${SAMPLE_RATE},${FORMAT},atrim=end_sample=${T},asetpts=PTS-STARTPTS[music]`);
  }
  return { filters, speech, music: input.music ? "music" : undefined, T, seconds: secondsOf(total) };
}

const base = () => ["-hide_banner", "-v", "error", "-nostdin", "-y", "-progress", "pipe:1", "-nostats"];

/**
 * Pass 1 (sound only, no picture decoded): measures the speech stem and the music as they will play
 * (ebur128, written to STEM_LOUDNESS_FILES), so pass 2 can set each one's level by a fixed gain.
 */
export function buildStemsArgs(input: MixInput): string[] {
  const args = base();
  const s = stems(input, args);
  const meter = (label: string, file: string) => `[${label}]ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=${file}[${label}m]`;
  s.filters.push(meter(s.speech, STEM_LOUDNESS_FILES.speech));
  if (s.music) s.filters.push(meter(s.music, STEM_LOUDNESS_FILES.music));
  args.push("-filter_complex", s.filters.join(";"), "-map", `[${s.speech}m]`, "-f", "null", "-");
  if (s.music) args.push("-map", `[${s.music}m]`, "-f", "null", "-");
  return args;
}

/** A stem's integrated loudness from its ebur128 log (the last figure), or undefined for silence. */
export function readStemLoudness(log: string): number | undefined {
  const figures = [...log.matchAll(/lavfi\.r128\.I=(-?[\d.]+)/g)];
  const last = Number(figures.at(-1)?.[1]);
  // ebur128 reports -70 LUFS (its gate) for silence: nothing to level.
  return Number.isFinite(last) && last > -69 ? last : undefined;
}

/** A gain in dB, kept sane (a near-silent stem is not raised 60 dB into a wall of noise). */
const gainTo = (target: number, measured: number | undefined) => (measured === undefined ? 0 : Math.max(-30, Math.min(30, target - measured)));

/**
 * Pass 2 (sound only): the speech levelled to SPEECH_LUFS, the music to its level below it (or to
 * SPEECH_LUFS itself when nothing is said), faded in and out and ducked under the speech, limited,
 * written to `mixFile` and measured by loudnorm (its JSON, read back by parseLoudness).
 */
export function buildMixArgs(input: MixInput, measured: { speechLufs?: number; musicLufs?: number }): string[] {
  const args = [...base()];
  args[2] = "info"; // loudnorm prints its figures at the info level
  const s = stems(input, args);
  const speechGain = gainTo(SPEECH_LUFS, measured.speechLufs);
  s.filters.push(`[${s.speech}]volume=${speechGain.toFixed(2)}dB[speechn]`);
  let mixed = "speechn";
  if (s.music && input.music) {
    const target = measured.speechLufs === undefined ? SPEECH_LUFS : SPEECH_LUFS + MUSIC_LEVEL_DB[input.music.level];
    const fade = Math.min(VIDEO_STYLE.musicFadeSeconds, s.seconds / 3);
    const fadeOut = Math.max(0, s.seconds - fade).toFixed(4);
    s.filters.push(
      `[${s.music}]volume=${gainTo(target, measured.musicLufs).toFixed(2)}dB,afade=t=in:d=${fade.toFixed(3)},afade=t=out:st=${fadeOut}:d=${fade.toFixed(3)}[musicl]`,
    );
    s.filters.push(`[speechn]asplit=2[sp][key]`);
    s.filters.push(`[musicl][key]sidechaincompress=${DUCKING}[ducked]`);
    s.filters.push(`[sp][ducked]amix=inputs=2:duration=first:normalize=0[mixed]`);
    mixed = "mixed";
  }
  s.filters.push(`[${mixed}]alimiter=limit=${PASS1_LIMIT}:attack=5:release=50:level=false,atrim=end_sample=${s.T},asplit=2[mix][meter]`);
  s.filters.push(`[meter]loudnorm=I=${VIDEO_STYLE.loudnessLufs}:TP=-1.5:LRA=11:print_format=json,anullsink`);
  args.push("-filter_complex", s.filters.join(";"), "-map", "[mix]", "-c:a", "pcm_s16le", "-ar", String(SAMPLE_RATE), input.mixFile);
  return args;
}

/** loudnorm's measurement from pass 2's log (the last JSON block with its figures). */
export function parseLoudness(log: string): LoudnessMeasure | undefined {
  const blocks = log.match(/\{[^{}]*"input_i"[^{}]*\}/g);
  if (!blocks) return undefined;
  const parsed = JSON.parse(blocks.at(-1)!) as LoudnessMeasure;
  return Number.isFinite(Number(parsed.input_i)) ? parsed : undefined;
}

/**
 * Pass 3's sound: the mix brought to -14 LUFS. loudnorm's linear mode (one gain for the whole video,
 * dynamics untouched) with pass 2's figures; pass 2's limiter keeps it linear in practice, and when
 * it cannot be (a silent story under music needing a big gain) loudnorm's own dynamic mode takes over.
 * Silence (nothing to measure) passes unchanged.
 */
export function finalAudioFilter(inputIndex: number, measured: LoudnessMeasure | undefined, seconds: number): string {
  const I = Number(measured?.input_i);
  const ok = measured && Number.isFinite(I) && I > -70;
  const norm = ok
    ? `loudnorm=I=${VIDEO_STYLE.loudnessLufs}:TP=-1.5:LRA=${Math.min(50, Math.max(11, Math.ceil(Number(measured.input_lra)) + 1))}` +
      `:measured_I=${measured.input_i}:measured_TP=${clampTp(measured.input_tp)}:measured_LRA=${measured.input_lra}` +
      `:measured_thresh=${measured.input_thresh}:offset=${measured.target_offset}:linear=true,`
    : "";
  return `[${inputIndex}:a]${norm}aresample=${SAMPLE_RATE},${FORMAT},apad,atrim=duration=${seconds.toFixed(4)}[aout]`;
}

// loudnorm reads measured_TP between -99 and 99; digital silence measures -inf.
const clampTp = (tp: string) => (Number.isFinite(Number(tp)) ? tp : "-99");
