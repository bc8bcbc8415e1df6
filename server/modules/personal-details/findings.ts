import {
  PERSONAL_DETAIL_EXPLANATIONS,
  PERSONAL_DETAIL_FIELDS,
  keptKey,
  type CaptionLine,
  type PersonalDetailField,
  type PersonalDetailFinding,
  type PersonalDetailKind,
  type PersonalDetailPlace,
} from "../../../contracts/personal-details.ts";

/** One cue of a video's captions: when it shows and its words as one line. */
export interface CaptionCue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** A detection in one field, before the same words elsewhere are joined to it. */
export interface FieldDetection {
  kind: PersonalDetailKind;
  phrase: string;
  start: number;
  end: number;
  source: "rules" | "ai";
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d+)?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:[.,]\d+)?)/;

function seconds(stamp: string): number {
  return stamp
    .replace(",", ".")
    .split(":")
    .reduce((total, part) => total * 60 + Number(part), 0);
}

/** A cue's words as one line: its rows joined, character references decoded, spacing evened out. */
function cueText(rows: string[]): string {
  return rows
    .join(" ")
    .replace(/\u2060/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The cues of a WebVTT file, in order; cues without words are left out. */
export function vttCues(vtt: string): CaptionCue[] {
  const cues: CaptionCue[] = [];
  for (const block of vtt.replace(/\r/g, "").split(/\n\n+/)) {
    const rows = block.split("\n");
    const timingRow = rows.findIndex((r) => r.includes("-->"));
    if (timingRow < 0) continue;
    const text = cueText(rows.slice(timingRow + 1).filter((r) => r.trim()));
    if (!text) continue;
    const timing = TIMING.exec(rows[timingRow]!);
    cues.push({ startSeconds: timing ? seconds(timing[1]!) : 0, endSeconds: timing ? seconds(timing[2]!) : 0, text });
  }
  return cues;
}

/** The captions' words as the check reads them: cue after cue, one space between (a number split over two cues joins up again). */
export function captionsText(cues: CaptionCue[]): string {
  return cues.map((c) => c.text).join(" ");
}

/** The text of a WebVTT file's cues, joined by spaces. */
export function vttWords(vtt: string): string {
  return captionsText(vttCues(vtt));
}

/** The caption line a phrase at [start, end) of captionsText(cues) begins in, with the phrase's place in it. */
export function captionLineAt(cues: CaptionCue[], start: number, end: number): CaptionLine | undefined {
  let offset = 0;
  for (const [index, cue] of cues.entries()) {
    const cueEnd = offset + cue.text.length;
    if (start < cueEnd || index === cues.length - 1) {
      const from = Math.max(0, start - offset);
      return {
        index,
        startSeconds: cue.startSeconds,
        endSeconds: cue.endSeconds,
        text: cue.text,
        start: Math.min(from, cue.text.length),
        end: Math.min(end - offset, cue.text.length),
      };
    }
    offset = cueEnd + 1;
  }
  return undefined;
}

/**
 * What makes two phrases the same words: letters and digits alone, capitals aside, so "555-123-4567"
 * in the script and "555-123- 4567" split over two caption cues are one number.
 */
const sameWordsKey = (kind: PersonalDetailKind, phrase: string) => `${kind}:${phrase.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")}`;

/**
 * Findings from each field's detections: the same words of the same kind are one finding with every
 * place they stand, so a phone number in the script and in the captions made from it is one thing to
 * fix, shown in both places. A finding is kept when its first place's phrase is (the phrase the camper
 * keeps it by). Ordered by where each first stands (title, script, captions).
 */
export function mergeFindings(
  byField: Map<PersonalDetailField, FieldDetection[]>,
  kept: Set<string>,
  cues: CaptionCue[],
): PersonalDetailFinding[] {
  const byKey = new Map<string, PersonalDetailFinding>();
  for (const field of PERSONAL_DETAIL_FIELDS) {
    for (const d of byField.get(field) ?? []) {
      const place: PersonalDetailPlace = { field, start: d.start, end: d.end };
      if (field === "captions") place.line = captionLineAt(cues, d.start, d.end);
      const key = sameWordsKey(d.kind, d.phrase);
      const finding = byKey.get(key);
      if (finding) {
        finding.places.push(place);
        // One opinion is enough: the rules' word stands where both saw it.
        if (d.source === "rules") finding.source = "rules";
        continue;
      }
      byKey.set(key, {
        kind: d.kind,
        phrase: d.phrase,
        field,
        start: d.start,
        end: d.end,
        places: [place],
        explanation: PERSONAL_DETAIL_EXPLANATIONS[d.kind],
        source: d.source,
        kept: kept.has(keptKey(d.kind, d.phrase)),
      });
    }
  }
  return [...byKey.values()];
}
