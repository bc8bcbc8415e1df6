import type { MusicLevel } from "../../contracts/video-style.ts";
import { VIDEO_STYLE } from "../../contracts/video-style.ts";
import type { RenderClip } from "./render-plan.ts";
import { SAMPLE_RATE, samplesOf, secondsOf, type Section } from "./render-sections.ts";

/**
 * The music's loudness between sentences, in LU below the speech's (decision 028c). Under speech the
 * ducking takes it a further ~14 dB down, so speech stays at least VIDEO_STYLE.speechOverMusicDb above
 * it; soft and medium stay that far under the speech even between sentences (a background, as in the
 * platforms' own editors), loud comes up to 9 LU under it.
 */
export const MUSIC_LEVEL_DB: Record<MusicLevel, number> = { soft: -16, medium: -12, loud: -9 };

/** The speech (voice, or the clips' own sound) is levelled to this before the music joins it. */
const SPEECH_LUFS = -15;
/** The clips' own sound under the AI voice, with no music. */
const BED_UNDER_VOICE = 0.25;
/**
 * Ducking: the music drops as soon as speech starts (5 ms attack) and comes back ~0.4 s after it
 * stops, so it rises between sentences but not between words. Threshold -36 dBFS, ratio 10:1.
 */
const DUCKING = "threshold=0.016:ratio=10:attack=5:release=400:knee=2";
/** Short fades where one clip's sound cuts to the next, so a cut never clicks (transitions on). */
const CUT_FADE_SECONDS = 0.03;
/** Sample peak ceiling of the mix (-3 dBFS): leaves room for the final small gain to stay below -1 dBTP. */
const MIX_LIMIT = 0.7;

const FORMAT = `aformat=sample_fmts=fltp:channel_layouts=stereo`;

/** What ebur128 measured on pass 2's mix: integrated loudness (LUFS) and true peak (dBTP). */
export interface LoudnessMeasure {
  lufs: number;
  truePeakDb: number;
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
  /** Measurement only (RenderPlanInput.measureStems): where pass 2 also writes the speech and the ducked music. */
  measureStems?: MeasureStems;
}

/**
 * Measurement only (npm run bench:render): pass 2 also writes the levelled speech and the ducked music,
 * each as it enters the final amix (before the limiter), as raw 48 kHz stereo float (f32le) files in the
 * working folder, so the speech's level over the music under it can be measured apart. The mix itself is
 * the same filter graph with two extra branches split off; production never sets it.
 */
export interface MeasureStems {
  speech: string;
  music: string;
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
/** Pass 2's measurement of the mix (ebur128 with true peaks, frame by frame). */
export const MIX_LOUDNESS_FILE = "mix-loudness.txt";

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
    // Milliseconds on each channel: the form every ffmpeg since 2018 reads (npm's fallback build has no all=1 or S).
    const delayMs = Math.round(secondsOf(input.voiceDelayFrames) * 1000);
    filters.push(`[bed]volume=${BED_UNDER_VOICE}[bedlow]`);
    filters.push(`[${next++}:a]aresample=${SAMPLE_RATE},${FORMAT},adelay=delays=${delayMs}|${delayMs},apad,atrim=end_sample=${T}[voice]`);
    // amix halves two inputs (normalize=0 is newer than npm's fallback ffmpeg): volume=2 puts them back.
    filters.push(`[voice][bedlow]amix=inputs=2:duration=first,volume=2[speech]`);
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
 * written to `mixFile` and measured on the way (ebur128 into MIX_LOUDNESS_FILE, read by readMixLoudness).
 */
export function buildMixArgs(input: MixInput, measured: { speechLufs?: number; musicLufs?: number }): string[] {
  const args = base();
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
    const measure = input.measureStems;
    s.filters.push(measure ? `[speechn]asplit=3[sp][key][spmeasure]` : `[speechn]asplit=2[sp][key]`);
    s.filters.push(`[musicl][key]sidechaincompress=${DUCKING}${measure ? "[duckedall];[duckedall]asplit=2[ducked][musicmeasure]" : "[ducked]"}`);
    s.filters.push(`[sp][ducked]amix=inputs=2:duration=first,volume=2[mixed]`);
    mixed = "mixed";
  }
  // Measured in line (ebur128 passes the sound through untouched): a loudnorm on a split-off branch
  // ends ffmpeg 5.1's other branch early.
  s.filters.push(
    `[${mixed}]alimiter=limit=${MIX_LIMIT}:attack=5:release=50:level=false,atrim=end_sample=${s.T},ebur128=peak=true:metadata=1,ametadata=mode=print:file=${MIX_LOUDNESS_FILE}[mix]`,
  );
  args.push("-filter_complex", s.filters.join(";"), "-map", "[mix]", "-c:a", "pcm_s16le", "-ar", String(SAMPLE_RATE), input.mixFile);
  if (s.music && input.measureStems) {
    for (const [label, file] of [["spmeasure", input.measureStems.speech], ["musicmeasure", input.measureStems.music]] as const) {
      args.push("-map", `[${label}]`, "-c:a", "pcm_f32le", "-f", "f32le", file);
    }
  }
  return args;
}

/** The mix's loudness and true peak from pass 2's ebur128 log, or undefined for silence. */
export function readMixLoudness(log: string): LoudnessMeasure | undefined {
  const lufs = readStemLoudness(log);
  if (lufs === undefined) return undefined;
  // Per channel as well as overall: npm's fallback ffmpeg (2018) writes only the per-channel figures.
  const peaks = [...log.matchAll(/lavfi\.r128\.true_peaks?(?:_ch\d+)?=([\d.]+)/g)].map((m) => Number(m[1]));
  const peak = Math.max(...peaks, 1e-9);
  return { lufs, truePeakDb: 20 * Math.log10(peak) };
}

/** The final gain leaves the true peak this far under VIDEO_STYLE.truePeakDbtp (AAC adds a little). */
const TRUE_PEAK_MARGIN_DB = 1;
const CEILING_DB = VIDEO_STYLE.truePeakDbtp - TRUE_PEAK_MARGIN_DB;
/** Sample peaks limited 1 dB under the ceiling: true peaks between samples rise a little above them. */
const LIMIT = Math.pow(10, (CEILING_DB - 1) / 20).toFixed(4);

/** The gain that brings a measured mix to VIDEO_STYLE.loudnessLufs. */
export const gainToTarget = (measured: LoudnessMeasure) => VIDEO_STYLE.loudnessLufs - measured.lufs;

/** Whether that gain alone would lift the mix's true peak over the ceiling (real speech, whose peaks stand far above its loudness). */
export const needsLevelling = (measured: LoudnessMeasure | undefined) => measured !== undefined && measured.truePeakDb + gainToTarget(measured) > CEILING_DB;

/**
 * A levelling pass (sound only, on the mix file): the gain to the target with the peaks it would push
 * over the ceiling limited, written to `output` and measured again. Limiting takes a little loudness off,
 * so runRenderPasses repeats it on its own result until one gain reaches the target without limiting (real
 * speech needs one or two; pass 3 then applies a gain of a few tenths of a dB at most).
 */
export function buildLevelArgs(mixFile: string, measured: LoudnessMeasure, output: string): string[] {
  const filter = `[0:a]volume=${gainToTarget(measured).toFixed(2)}dB,alimiter=limit=${LIMIT}:attack=2:release=50:level=false,ebur128=peak=true:metadata=1,ametadata=mode=print:file=${MIX_LOUDNESS_FILE}[mix]`;
  return [...base(), "-f", "wav", "-i", mixFile, "-filter_complex", filter, "-map", "[mix]", "-c:a", "pcm_s16le", "-ar", String(SAMPLE_RATE), output];
}

/**
 * Pass 3's sound: the mix brought to -14 LUFS by one gain for the whole video (dynamics untouched, as
 * loudnorm's linear mode). Levelling passes have already made room for that gain under the ceiling;
 * a limiter still guards it. Silence (nothing measured) passes unchanged.
 */
export function finalAudioFilter(inputIndex: number, measured: LoudnessMeasure | undefined, seconds: number): string {
  const chain: string[] = [];
  if (measured) {
    chain.push(`volume=${gainToTarget(measured).toFixed(2)}dB`);
    if (needsLevelling(measured)) chain.push(`alimiter=limit=${LIMIT}:attack=2:release=50:level=false`);
  }
  chain.push(`aresample=${SAMPLE_RATE}`, FORMAT, "apad", `atrim=duration=${seconds.toFixed(4)}`);
  return `[${inputIndex}:a]${chain.join(",")}[aout]`;
}
