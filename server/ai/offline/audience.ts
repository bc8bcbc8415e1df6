import { capitalizeFirstLetter, cleanText, hasWordCharacters } from "./text.ts";

/**
 * Turns "who will watch" (links or plain names) into a short name to greet them by.
 * A link becomes its site's name ("https://www.linkedin.com/in/sam" -> "LinkedIn"); any other text
 * is used as written (it is the camper's own words).
 */

// Display spellings for well-known sites. Each lower-cases to the host label it comes from, so the
// greeting never holds a word the link didn't.
const SITE_NAMES: Record<string, string> = {
  linkedin: "LinkedIn",
  youtube: "YouTube",
  tiktok: "TikTok",
  instagram: "Instagram",
  facebook: "Facebook",
  github: "GitHub",
  twitter: "Twitter",
  x: "X",
  vimeo: "Vimeo",
  twitch: "Twitch",
  snapchat: "Snapchat",
  threads: "Threads",
};

const MAX_AUDIENCES = 3;
const MAX_WORDS_PER_AUDIENCE = 5;
const LINK = /^(?:https?:\/\/|www\.)|^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#:]|$)/i;
const SECOND_LEVEL = new Set(["co", "com", "org", "net", "ac", "gov", "edu"]);

/** The site a link points to: the registrable part of the host, without "www." or "m.". */
function siteName(link: string): string {
  const host = link
    .replace(/^[a-z]+:\/\//i, "")
    .split(/[/?#:@]/)[0]!
    .toLowerCase();
  const labels = host.split(".").filter(Boolean);
  let label = labels.length >= 2 ? labels[labels.length - 2]! : (labels[0] ?? "");
  if (labels.length >= 3 && SECOND_LEVEL.has(label)) label = labels[labels.length - 3]!;
  if (!hasWordCharacters(label)) return "";
  return SITE_NAMES[label] ?? capitalizeFirstLetter(label);
}

function plainName(text: string): string {
  const words = text.split(" ").slice(0, MAX_WORDS_PER_AUDIENCE);
  return words.join(" ").replace(/[^\p{L}\p{N}'")\]]+$/u, "");
}

/** "" when nobody is named; otherwise "A", "A and B" or "A, B and C". */
export function audienceName(links: readonly string[]): string {
  const names: string[] = [];
  for (const raw of links) {
    const text = cleanText(raw).replace(/\n/g, " ").trim();
    if (!hasWordCharacters(text)) continue;
    const name = LINK.test(text) && !/\s/.test(text) ? siteName(text) : plainName(text);
    if (name && !names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
    if (names.length === MAX_AUDIENCES) break;
  }
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
