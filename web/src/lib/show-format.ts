import type { Show } from "../../../contracts/shows.ts";

/** The created date for a list card, in the camper's own locale. */
export function formatShowDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/** The created date and time for the detail page, in the camper's own locale. */
export function formatShowDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export const NARRATION_EXCERPT_LENGTH = 140;

/** The first words of a narration on one line, cut at a word boundary. Empty when there is none. */
export function narrationExcerpt(narration: string | null, maxLength = NARRATION_EXCERPT_LENGTH): string {
  const text = (narration ?? "").replace(/\s+/g, " ").trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * A file name made from a title: letters, digits, dashes and underscores only, so it is safe on
 * every operating system. Falls back to "show" when nothing usable is left.
 */
export function safeFileName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80)
    .replace(/-$/, "");
  return base || "show";
}

/** The narration text file: title, a blank line, then the narration. */
export function narrationFileText(show: Pick<Show, "title" | "narration">): string {
  return `${show.title}\n\n${show.narration ?? ""}`;
}

