import type { MusicTrackId } from "../../contracts/music.ts";
import { chordPart, type Section, type TrackSpec } from "./score.ts";

/**
 * The six compositions of the library (ids and moods from contracts/music.ts). Each differs in tempo,
 * key, metre and instruments. Tempos are ones whose beat is a whole number of microseconds and whose
 * loop is a whole number of fluidsynth's 64-sample blocks at 48 kHz, so the second pass of the loop
 * lines up sample for sample with the first (see compose.ts).
 * Chords are scale degrees: 0 = I (i), 3 = IV, 4 = V, 5 = vi (VI in minor), 6 = VII.
 */
const section = (melody: string | null, chords: number[], drums = true): Section => ({ melody, chords, drums });

export const TRACK_SPECS: Record<MusicTrackId, TrackSpec> = {
  // Upbeat: G major, 120 bpm, strummed steel guitar, piano tune, finger bass and a pop beat.
  "sunny-trail": {
    id: "sunny-trail",
    bpm: 120,
    beatsPerBar: 4,
    tonic: 43,
    scale: "major",
    seed: 11,
    form: [
      section(null, [0, 4, 5, 3, 0, 4, 3, 4]),
      section("A", [0, 4, 5, 3, 0, 4, 3, 4]),
      section("A", [0, 4, 5, 3, 0, 4, 3, 4]),
      section("B", [3, 0, 4, 5, 3, 0, 1, 4]),
      section("A", [0, 4, 5, 3, 0, 4, 3, 4]),
    ],
    melody: { program: 1, octave: 2, volume: 0.8, reverb: 0.3, velocity: 0.75, rhythms: [[1, 0.5, 0.5, 1, 1], [1.5, 0.5, 1, 1], [0.5, 0.5, 1, 0.5, 0.5, 1], [2, -1, 1]] },
    harmony: { program: 25, style: "strum", volume: 0.65, reverb: 0.25, velocity: 0.6 },
    bass: { program: 33, pattern: [[0, 0.5, 0], [1.5, 0.5, 0], [2, 0.5, 2], [3, 0.5, 0], [3.5, 0.5, 1]], volume: 0.8, velocity: 0.8 },
    drums: { 36: "x.....x.x.......", 38: "....x.......x...", 42: "o.o.o.o.o.o.o.o.", 54: "....o.......o..." },
    drumVolume: 0.65,
  },
  // Calm: F major, 75 bpm, flute over a broken piano figure and a warm pad; no drums.
  "still-lake": {
    id: "still-lake",
    bpm: 75,
    beatsPerBar: 4,
    tonic: 41,
    scale: "major",
    seed: 23,
    form: [section(null, [0, 2, 3, 0, 5, 3, 1, 4], false), section("A", [0, 2, 3, 0, 5, 3, 1, 4], false), section("B", [3, 4, 2, 5, 1, 4, 0, 0], false)],
    melody: { program: 73, octave: 2, volume: 0.7, reverb: 0.5, velocity: 0.65, rhythms: [[2, 2], [3, 1], [1, 1, 2], [4]] },
    harmony: { program: 0, style: "broken", volume: 0.7, reverb: 0.45, velocity: 0.5 },
    bass: { program: 32, pattern: [[0, 3, 0], [3, 1, 2]], volume: 0.6, velocity: 0.6 },
    extra: (spec) => [chordPart(spec, { name: "pad", program: 89, style: "pad", volume: 0.45, reverb: 0.6, velocity: 0.5 })],
  },
  // Adventure: D minor, 100 bpm, French horn over driving strings, toms and kick.
  "summit-climb": {
    id: "summit-climb",
    bpm: 100,
    beatsPerBar: 4,
    tonic: 38,
    scale: "minor",
    seed: 37,
    form: [
      section(null, [0, 5, 2, 6, 0, 5, 3, 4]),
      section("A", [0, 5, 2, 6, 0, 5, 3, 4]),
      section("B", [5, 2, 6, 0, 5, 2, 3, 4]),
      section("A", [0, 5, 2, 6, 0, 5, 3, 4]),
    ],
    melody: { program: 60, octave: 2, volume: 0.8, reverb: 0.45, velocity: 0.8, rhythms: [[1.5, 0.5, 2], [1, 1, 1, 1], [3, 1], [0.5, 0.5, 1, 2]] },
    harmony: { program: 48, style: "pulse", volume: 0.6, reverb: 0.4, velocity: 0.55 },
    bass: { program: 43, pattern: [[0, 1.5, 0], [1.5, 0.5, 0], [2, 1.5, 0], [3.5, 0.5, 2]], volume: 0.75, velocity: 0.75 },
    drums: { 36: "x..x..x...x.....", 45: "....x.......x.oo", 41: "........x.......", 42: "..o...o...o...o." },
    drumVolume: 0.6,
    extra: (spec) => [chordPart(spec, { name: "strings", program: 49, style: "pad", volume: 0.45, reverb: 0.5, velocity: 0.5, octave: -1, pan: 0.3 })],
  },
  // Campfire: D major waltz (3/4), 96 bpm, harmonica over fingerpicked nylon guitar, shaker.
  "campfire-circle": {
    id: "campfire-circle",
    bpm: 96,
    beatsPerBar: 3,
    tonic: 38,
    scale: "major",
    seed: 41,
    form: [
      section(null, [0, 3, 0, 4, 0, 3, 4, 0], false),
      section("A", [0, 3, 0, 4, 0, 3, 4, 0]),
      section("A", [0, 3, 0, 4, 0, 3, 4, 0]),
      section("B", [3, 0, 4, 5, 3, 0, 4, 4]),
      section("A", [0, 3, 0, 4, 0, 3, 4, 0]),
    ],
    melody: { program: 22, octave: 2, volume: 0.6, reverb: 0.35, velocity: 0.6, rhythms: [[1, 1, 1], [2, 1], [1.5, 0.5, 1], [3]] },
    harmony: { program: 24, style: "waltz", volume: 0.8, reverb: 0.35, velocity: 0.7 },
    bass: { program: 32, pattern: [[0, 2, 0]], volume: 0.65, velocity: 0.7 },
    drums: { 70: "..o...o...o.", 36: "o..........." },
    drumVolume: 0.5,
  },
  // Playful: C major, 125 bpm, marimba over pizzicato strings, staccato bassoon, claps and woodblock.
  "canoe-race": {
    id: "canoe-race",
    bpm: 125,
    beatsPerBar: 4,
    tonic: 36,
    scale: "major",
    seed: 53,
    form: [
      section(null, [0, 5, 1, 4, 0, 5, 3, 4]),
      section("A", [0, 5, 1, 4, 0, 5, 3, 4]),
      section("A", [0, 5, 1, 4, 0, 5, 3, 4]),
      section("B", [3, 4, 2, 5, 1, 4, 0, 4]),
      section("A", [0, 5, 1, 4, 0, 5, 3, 4]),
    ],
    melody: { program: 12, octave: 2, volume: 0.85, reverb: 0.25, velocity: 0.8, rhythms: [[0.5, 0.5, 0.5, 0.5, 1, 1], [1, 0.5, 0.5, 2], [0.5, 0.5, 1, 0.5, 0.5, 1], [1.5, 0.5, 1, -1]] },
    harmony: { program: 45, style: "pulse", volume: 0.6, reverb: 0.25, velocity: 0.6 },
    bass: { program: 70, pattern: [[0, 0.4, 0], [1, 0.4, 2], [2, 0.4, 0], [3, 0.4, 2]], volume: 0.7, velocity: 0.7 },
    drums: { 36: "x.......x.......", 39: "....x.......x...", 42: "..o...o...o...o.", 76: "o..o..o........." },
    drumVolume: 0.55,
  },
  // Reflective: A minor, 64 bpm, music box over slow strings and a piano arpeggio, cello bass.
  "starry-night": {
    id: "starry-night",
    bpm: 64,
    beatsPerBar: 4,
    tonic: 45,
    scale: "minor",
    seed: 67,
    form: [section(null, [0, 5, 2, 6, 0, 5, 3, 4], false), section("A", [0, 5, 2, 6, 0, 5, 3, 4], false), section("B", [5, 6, 2, 5, 3, 0, 4, 4], false)],
    melody: { program: 10, octave: 1, volume: 0.7, reverb: 0.55, velocity: 0.7, rhythms: [[2, 1, 1], [3, 1], [1, 1, 1, 1], [4]] },
    harmony: { program: 49, style: "pad", volume: 0.55, reverb: 0.6, velocity: 0.5 },
    bass: { program: 42, pattern: [[0, 2, 0], [2, 2, 2]], volume: 0.55, velocity: 0.6 },
    extra: (spec) => [chordPart(spec, { name: "piano", program: 0, style: "arp", volume: 0.55, reverb: 0.5, velocity: 0.45, pan: 0.65 })],
  },
};
