/**
 * A small score model for the music library (decision 028a): a track is a key, a tempo, a form of
 * 8-bar sections and a handful of parts (melody, harmony, bass, drums) written as General MIDI notes.
 * Everything is deterministic (a seeded random walk for melodies), so `npm run music:compose` makes the
 * same tracks every time.
 */

export const PPQ = 480;

export interface NoteEvent {
  /** MIDI note number. */
  midi: number;
  /** Start and length in beats, from the start of the loop. */
  beat: number;
  beats: number;
  /** 0..1 */
  velocity: number;
}

export interface Part {
  name: string;
  /** General MIDI program (0-based); ignored for drums. */
  program: number;
  drums?: boolean;
  /** 0..1 mixer levels: channel volume, reverb send, pan (0 left, 0.5 centre, 1 right). */
  volume: number;
  reverb: number;
  pan: number;
  notes: NoteEvent[];
}

export type Harmony = "pad" | "strum" | "arp" | "waltz" | "pulse" | "broken";

export interface Section {
  /** A letter naming the section's melody: sections with the same letter play the same tune. */
  melody: string | null;
  /** Scale degrees (0 = tonic), one chord a bar, 8 bars. */
  chords: number[];
  drums: boolean;
}

export interface TrackSpec {
  id: string;
  bpm: number;
  beatsPerBar: number;
  /** MIDI note of the tonic in the bass register (e.g. 43 = G2). */
  tonic: number;
  scale: "major" | "minor";
  seed: number;
  form: Section[];
  melody: { program: number; octave: number; volume: number; reverb: number; rhythms: number[][]; velocity: number };
  harmony: { program: number; style: Harmony; volume: number; reverb: number; velocity: number };
  bass: { program: number; pattern: [beat: number, beats: number, tone: 0 | 1 | 2 | 3][]; volume: number; velocity: number };
  /** Extra pitched parts added by hand (a counter-line, bells). */
  extra?: (spec: TrackSpec) => Part[];
  /** Drum lines: GM note -> one character a 16th over the bar ("x" loud, "o" soft, "." rest). */
  drums?: Record<number, string>;
  drumVolume?: number;
}

const SCALES = { major: [0, 2, 4, 5, 7, 9, 11], minor: [0, 2, 3, 5, 7, 8, 10] } as const;

/** The pitch of a scale degree (any integer; 7 is the tonic an octave up) above `tonic`. */
export function degreePitch(spec: Pick<TrackSpec, "tonic" | "scale">, degree: number): number {
  const steps = SCALES[spec.scale];
  const octave = Math.floor(degree / 7);
  return spec.tonic + steps[((degree % 7) + 7) % 7]! + 12 * octave;
}

/** The chord on `root` (a degree) as degrees: root, third, fifth (and seventh for tone 3). */
function chordTone(root: number, tone: number): number {
  return root + [0, 2, 4, 6][tone]!;
}

/** A repeatable pseudo-random number generator (mulberry32), so a re-run writes the same notes. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An 8-bar tune over the chords: each note on a bar's first beat or a long note is a chord tone near the
 * last note, the others step along the scale; the phrase ends on the chord's root so it resolves.
 */
function tune(spec: TrackSpec, chords: number[], random: () => number): { degree: number; beat: number; beats: number; accent: boolean }[] {
  const out: { degree: number; beat: number; beats: number; accent: boolean }[] = [];
  const low = 0;
  const high = 9;
  let degree = 4;
  chords.forEach((chord, bar) => {
    const rhythm = spec.melody.rhythms[(bar + (bar >= 4 ? 1 : 0)) % spec.melody.rhythms.length]!;
    let beat = 0;
    rhythm.forEach((length, i) => {
      const beats = Math.abs(length);
      if (length > 0) {
        const last = bar === chords.length - 1 && i === rhythm.length - 1;
        const strong = i === 0 || beats >= 1.5 || last;
        if (last) {
          degree = nearest([chord % 7, (chord % 7) + 7], degree);
        } else if (strong) {
          const tones = [0, 1, 2].flatMap((t) => [chordTone(chord % 7, t) - 7, chordTone(chord % 7, t), chordTone(chord % 7, t) + 7]);
          const near = tones.filter((d) => d >= low && d <= high && Math.abs(d - degree) <= 3);
          degree = near.length ? near[Math.floor(random() * near.length)]! : nearest(tones, degree);
        } else {
          const step = random() < 0.5 ? -1 : 1;
          degree = degree + step > high || degree + step < low ? degree - step : degree + step;
        }
        out.push({ degree, beat: bar * spec.beatsPerBar + beat, beats, accent: i === 0 });
      }
      beat += beats;
    });
  });
  return out;
}

function nearest(options: number[], to: number): number {
  return options.reduce((best, d) => (Math.abs(d - to) < Math.abs(best - to) ? d : best), options[0]!);
}

/** The chord's voicing in the middle register (closed triad around the tonic an octave up). */
function voicing(spec: TrackSpec, chord: number): [number, number, number] {
  const [a, b, c] = [0, 1, 2].map((t) => degreePitch(spec, chordTone(chord, t)) + 12).map((p) => (p > spec.tonic + 24 ? p - 12 : p)).sort((x, y) => x - y);
  return [a!, b!, c!];
}

function harmonyNotes(spec: TrackSpec, chord: number, start: number, style: Harmony, velocity: number): NoteEvent[] {
  const chordNotes = voicing(spec, chord);
  const bar = spec.beatsPerBar;
  const at = (beat: number, beats: number, notes: number[], v = velocity, spread = 0) =>
    notes.map((midi, i) => ({ midi, beat: start + beat + i * spread, beats: beats - i * spread, velocity: v }));
  switch (style) {
    case "pad":
      return at(0, bar, chordNotes);
    case "strum": // down-up strums on a steel guitar: 1, 2, 2&, 3&, 4
      return [
        ...at(0, 1, chordNotes, velocity, 0.02),
        ...at(1, 0.5, chordNotes, velocity * 0.8, 0.02),
        ...at(1.5, 1, [...chordNotes].reverse(), velocity * 0.7, 0.015),
        ...at(2.5, 0.5, chordNotes, velocity * 0.75, 0.02),
        ...at(3, 1, [...chordNotes].reverse(), velocity * 0.8, 0.015),
      ];
    case "arp": {
      const up = [...chordNotes, chordNotes[0] + 12, chordNotes[2], chordNotes[1], chordNotes[0] + 12, chordNotes[1]];
      return up.flatMap((midi, i) => at(i * (bar / 8), bar / 8 + 0.25, [midi], velocity * (i % 2 ? 0.8 : 1)));
    }
    case "waltz": // bass note on one, the chord on two and three (a fingerpicked 3/4)
      return [
        ...at(0, 1, [chordNotes[0]]),
        ...at(1, 1, chordNotes.slice(1), velocity * 0.8),
        ...at(1.5, 0.5, [chordNotes[0] + 12], velocity * 0.6),
        ...at(2, 1, chordNotes.slice(1), velocity * 0.75),
      ];
    case "pulse": // repeated eighth-note chords (a driving ostinato)
      return Array.from({ length: bar * 2 }, (_, i) => at(i / 2, 0.45, chordNotes, velocity * (i % 2 ? 0.7 : 1))).flat();
    case "broken": // low-high-middle-high, a gentle piano figure
      return ([0, 2, 1, 2, 0, 2, 1, 2] as const).slice(0, bar * 2).flatMap((t, i) => at(i / 2, 0.9, [chordNotes[t]], velocity * (i % 2 ? 0.75 : 1)));
  }
}

/** Every part of the track, its notes laid out over the whole form. */
export function score(spec: TrackSpec): Part[] {
  const random = seeded(spec.seed);
  const tunes = new Map<string, ReturnType<typeof tune>>();
  const melody: NoteEvent[] = [];
  const harmony: NoteEvent[] = [];
  const bass: NoteEvent[] = [];
  const drums: NoteEvent[] = [];
  const sectionBeats = 8 * spec.beatsPerBar;
  spec.form.forEach((section, s) => {
    const start = s * sectionBeats;
    if (section.melody) {
      if (!tunes.has(section.melody)) tunes.set(section.melody, tune(spec, section.chords, random));
      for (const n of tunes.get(section.melody) ?? []) {
        melody.push({
          midi: degreePitch(spec, n.degree) + 12 * spec.melody.octave,
          beat: start + n.beat,
          beats: n.beats * 0.95,
          velocity: spec.melody.velocity * (n.accent ? 1 : 0.85),
        });
      }
    }
    section.chords.forEach((chord, bar) => {
      const barStart = start + bar * spec.beatsPerBar;
      harmony.push(...harmonyNotes(spec, chord, barStart, spec.harmony.style, spec.harmony.velocity));
      for (const [beat, beats, tone] of spec.bass.pattern) {
        // tone 3 is the root an octave up (a walking-bass leap)
        const midi = tone === 3 ? degreePitch(spec, chord % 7) + 12 : degreePitch(spec, chordTone(chord % 7, tone));
        bass.push({ midi: midi > spec.tonic + 12 ? midi - 12 : midi, beat: barStart + beat, beats, velocity: spec.bass.velocity });
      }
      if (section.drums && spec.drums) {
        for (const [note, line] of Object.entries(spec.drums)) {
          [...line].forEach((c, i) => {
            if (c !== ".") drums.push({ midi: Number(note), beat: barStart + i / 4, beats: 0.25, velocity: c === "x" ? 0.85 : 0.5 });
          });
        }
      }
    });
  });
  const parts: Part[] = [
    { name: "melody", program: spec.melody.program, volume: spec.melody.volume, reverb: spec.melody.reverb, pan: 0.55, notes: melody },
    { name: "harmony", program: spec.harmony.program, volume: spec.harmony.volume, reverb: spec.harmony.reverb, pan: 0.4, notes: harmony },
    { name: "bass", program: spec.bass.program, volume: spec.bass.volume, reverb: 0.1, pan: 0.5, notes: bass },
  ];
  if (drums.length) parts.push({ name: "drums", program: 0, drums: true, volume: spec.drumVolume ?? 0.7, reverb: 0.2, pan: 0.5, notes: drums });
  return [...parts, ...(spec.extra?.(spec) ?? [])];
}

/** A second chord part over the whole form (a pad under a piano, a piano under strings). */
export function chordPart(
  spec: TrackSpec,
  part: Omit<Part, "notes" | "pan"> & { style: Harmony; velocity: number; octave?: number; pan?: number },
): Part {
  const notes = spec.form.flatMap((section, s) =>
    section.chords.flatMap((chord, bar) =>
      harmonyNotes(spec, chord, (s * 8 + bar) * spec.beatsPerBar, part.style, part.velocity).map((n) => ({ ...n, midi: n.midi + 12 * (part.octave ?? 0) })),
    ),
  );
  return { name: part.name, program: part.program, volume: part.volume, reverb: part.reverb, pan: part.pan ?? 0.6, notes };
}

/** The loop's length in beats (a whole number of bars). */
export function loopBeats(spec: TrackSpec): number {
  return spec.form.length * 8 * spec.beatsPerBar;
}
