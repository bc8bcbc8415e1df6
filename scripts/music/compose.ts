/**
 * `npm run music:compose`: writes the music library (decision 028a). For each track of tracks.ts it
 * writes a MIDI file that plays the loop twice, plays it with fluidsynth and the FluidR3 General MIDI
 * soundfont (Debian's fluid-soundfont-gm, MIT), keeps exactly the second pass (so the reverb tail of
 * the loop's end already sounds under its start, and the loop wraps without a click), brings it to
 * -18 LUFS with one fixed gain (a time-varying normaliser would break the seam), and encodes it as
 * Ogg Vorbis (about 64-80 kbps) into server/assets/music/<id>.ogg. Vorbis, not Opus: Opus's encoder
 * delay leaves its last few milliseconds fading towards silence, a click at every wrap; Vorbis keeps
 * both ends within a hair of the original (measured in music.test.ts). It also writes tracks.json (seconds, loudness, a hash
 * for the audio URL's version) that the server reads instead of probing files at run time.
 *
 * Needs fluidsynth, the soundfont and ffmpeg with libvorbis on the machine (apt: fluidsynth
 * fluid-soundfont-gm ffmpeg). The committed .ogg files mean nobody else needs them.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tonejsMidi from "@tonejs/midi";
import { MUSIC_TRACKS, type MusicTrackId } from "../../contracts/music.ts";
import type { TrackFacts } from "../../server/modules/music/music-library.ts";
import { loopBeats, PPQ, score, type TrackSpec } from "./score.ts";
import { TRACK_SPECS } from "./tracks.ts";

// The package is CommonJS: Node hands its exports over as one default object.
const { Midi } = tonejsMidi;
const SOUNDFONT = "/usr/share/sounds/sf2/FluidR3_GM.sf2";
const RATE = 48_000;
const TARGET_LUFS = -18;
const OUT_DIR = fileURLToPath(new URL("../../server/assets/music/", import.meta.url));

/** The MIDI bytes: the loop twice, then one silent bar so the player runs past the second pass's end. */
function midiOf(spec: TrackSpec): Uint8Array {
  const midi = new Midi();
  midi.header.setTempo(spec.bpm);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [spec.beatsPerBar, 4] });
  midi.header.update();
  const loop = loopBeats(spec);
  score(spec).forEach((part, i) => {
    const track = midi.addTrack();
    track.name = part.name;
    // Channel 9 is General MIDI's drum kit; the others take one channel each, skipping it.
    track.channel = part.drums ? 9 : i >= 9 ? i + 1 : i;
    track.instrument.number = part.program;
    track.addCC({ number: 7, value: part.volume, ticks: 0 });
    track.addCC({ number: 91, value: part.reverb, ticks: 0 });
    track.addCC({ number: 10, value: part.pan, ticks: 0 });
    for (const pass of [0, 1]) {
      for (const note of part.notes) {
        track.addNote({
          midi: note.midi,
          ticks: Math.round((note.beat + pass * loop) * PPQ),
          durationTicks: Math.max(1, Math.round(note.beats * PPQ)),
          velocity: note.velocity,
        });
      }
    }
    track.addCC({ number: 7, value: part.volume, ticks: (2 * loop + spec.beatsPerBar) * PPQ });
  });
  return midi.toArray();
}

function ffmpeg(args: string[]): string {
  return execFileSync("ffmpeg", ["-hide_banner", "-nostdin", "-y", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
}

/** Integrated loudness and true peak by ffmpeg's ebur128 (the measure the issue names), from its summary. */
function loudness(file: string): { lufs: number; truePeak: number } {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-nostdin", "-i", file, "-af", "ebur128=peak=true", "-f", "null", "-"], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`ebur128 failed on ${file}: ${run.stderr.slice(-500)}`);
  const summary = run.stderr.slice(run.stderr.lastIndexOf("Summary:"));
  return { lufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]), truePeak: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]) };
}

function compose(spec: TrackSpec, work: string): TrackFacts {
  const id = spec.id as MusicTrackId;
  const mid = path.join(work, `${id}.mid`);
  const wav = path.join(work, `${id}.wav`);
  const loopWav = path.join(work, `${id}-loop.wav`);
  writeFileSync(mid, midiOf(spec));
  execFileSync("fluidsynth", ["-ni", "-q", "-g", "0.5", "-o", "audio.file.format=float", "-F", wav, "-r", String(RATE), SOUNDFONT, mid], { stdio: "ignore" });
  // The loop in samples: whole microseconds a beat (60e6 / bpm) times the beats, at 48 kHz.
  const loopSamples = (loopBeats(spec) * 60 * RATE) / spec.bpm;
  if (!Number.isInteger(loopSamples)) throw new Error(`${id}: the loop is not a whole number of samples`);
  ffmpeg(["-i", wav, "-af", `atrim=start_sample=${loopSamples}:end_sample=${2 * loopSamples},asetpts=N/SR/TB`, "-c:a", "pcm_f32le", loopWav]);
  const before = loudness(loopWav);
  const gain = TARGET_LUFS - before.lufs;
  const out = path.join(OUT_DIR, `${id}.ogg`);
  ffmpeg(["-i", loopWav, "-af", `volume=${gain.toFixed(2)}dB`, "-ar", String(RATE), "-ac", "2", "-c:a", "libvorbis", "-q:a", "1", "-map_metadata", "-1", out]);
  const after = loudness(out);
  if (after.truePeak > -1) throw new Error(`${id}: true peak ${after.truePeak} dBTP is above -1`);
  const bytes = readFileSync(out);
  return {
    id,
    seconds: Math.round((loopSamples / RATE) * 1000) / 1000,
    lufs: after.lufs,
    truePeak: after.truePeak,
    sha1: createHash("sha1").update(bytes).digest("hex").slice(0, 8),
  };
}

const work = mkdtempSync(path.join(tmpdir(), "music-"));
try {
  const only = process.argv.slice(2);
  const facts = MUSIC_TRACKS.filter((t) => !only.length || only.includes(t.id)).map((t) => {
    const fact = compose(TRACK_SPECS[t.id], work);
    process.stdout.write(`${fact.id}: ${fact.seconds} s, ${fact.lufs} LUFS, true peak ${fact.truePeak} dBTP\n`);
    return fact;
  });
  if (!only.length) writeFileSync(path.join(OUT_DIR, "tracks.json"), `${JSON.stringify({ tracks: facts }, null, 2)}\n`);
} finally {
  if (!process.env.MUSIC_KEEP_WORK) rmSync(work, { recursive: true, force: true });
  else process.stdout.write(`work files kept in ${work}\n`);
}
