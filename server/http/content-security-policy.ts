import { createHash } from "node:crypto";

/**
 * The app's Content-Security-Policy. Scripts, styles, media and requests come from our own origin
 * only; no page may be framed (no share page is meant to be embedded); nothing inline runs or styles
 * unless a page names it by hash: the pre-rendered sign-in page's stylesheet and the few style
 * attributes its markup carries, the share watch page's stylesheet. The client's own style changes
 * go through the CSSOM (React's `style` props, constructed stylesheets), which CSP does not govern.
 */
const DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "connect-src": ["'self'"],
  "font-src": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  "img-src": ["'self'", "data:", "blob:"],
  "media-src": ["'self'", "blob:"],
  "object-src": ["'none'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  "style-src-attr": ["'none'"],
};

/** The policy of every answer that is not one of our HTML pages (helmet sends it). */
export const CSP_DIRECTIVES: Record<string, string[]> = Object.fromEntries(Object.entries(DIRECTIVES).map(([name, sources]) => [name, [...sources]]));

/** A CSP source that allows exactly this inline text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** What a browser hashes of an attribute: its value with the entities our markup uses decoded. */
function attributeValue(raw: string): string {
  return raw
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The policy for one of our HTML pages: the app's, plus the hashes of the page's own `<style>`
 * elements and `style` attributes (hashes of attributes take 'unsafe-hashes', which allows only
 * attributes with exactly that text). Worked out from the page itself, so it follows the build.
 */
export function policyForPage(html: string): string {
  const unique = (hashes: string[]) => [...new Set(hashes)];
  const elements = unique([...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => cspHash(m[1]!)));
  const attributes = unique([...html.matchAll(/\sstyle="([^"]*)"/gi)].map((m) => cspHash(attributeValue(m[1]!))));
  const directives = {
    ...DIRECTIVES,
    "style-src": [...DIRECTIVES["style-src"]!, ...elements],
    "style-src-attr": attributes.length ? ["'unsafe-hashes'", ...attributes] : DIRECTIVES["style-src-attr"]!,
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join(";");
}
