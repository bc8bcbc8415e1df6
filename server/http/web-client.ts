import { existsSync, readFileSync } from "node:fs";
import { brotliCompressSync, gzipSync } from "node:zlib";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { AppInfo } from "../../contracts/app-info.ts";
import {
  APP_INFO_ELEMENT_ID,
  campBannerText,
  PRERENDER_APP_INFO,
  SIGN_IN_PAGE_FILE,
  SIGN_IN_PATHS,
} from "../../contracts/page-data.ts";
import { pageNameForPath, type PageName } from "../../contracts/page-routes.ts";
import { policyForPage } from "./content-security-policy.ts";
import { escapeHtml } from "./escape-html.ts";
import { CURRENT_USER_PRELOAD, dataPreloadHeader, preloadLinksByPage, readBuildManifest } from "./page-preloads.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";

/** Vite names built assets by content hash, so a name's bytes never change: browsers may keep them a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** The HTML names the current assets, so browsers must never reuse an old copy of it. */
const NEVER_CACHE = "no-store";
/** Other files of the client (the icon) keep their names across releases: revalidate each time. */
const REVALIDATE = "no-cache";

/**
 * The headers a built script, stylesheet or source map needs. Each response's headers travel
 * uncompressed, and a screen loads 15-30 chunks: the page-level security headers every other answer
 * carries (about 600 bytes: CSP, frame and opener policies, referrer policy...) govern documents, not
 * a script or a stylesheet, and the document that loads these already sets them. The type, `nosniff`
 * (a script is run only with a script type), and CORP (no other site reads them) still apply. An
 * ETag or Last-Modified date is of no use on a name whose bytes never change. An SVG may be opened
 * as a document, so it keeps every header.
 */
const ASSET_HEADERS = new Set([
  "cache-control",
  "content-encoding",
  "content-length",
  "content-type",
  "cross-origin-resource-policy",
  "strict-transport-security",
  "vary",
  "x-content-type-options",
]);

/** Whether a file of the built client is a hashed script, stylesheet or source map. */
export function isLeanAsset(filePath: string): boolean {
  const file = filePath.replace(/\.(br|gz)$/, "");
  return file.includes(`${path.sep}assets${path.sep}`) && /\.(js|css|map)$/.test(file);
}

/** The Cache-Control a file of the built client gets (also for its .br/.gz siblings). */
export function cacheControlFor(filePath: string): string {
  const file = filePath.replace(/\.(br|gz)$/, "");
  if (file.endsWith(".html")) return NEVER_CACHE;
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  return REVALIDATE;
}

/**
 * The client's page with the camp's banner facts in it, as JSON the page reads before it asks the API
 * anything: the banner needs no round trip, and the sign-in page no schema library. `<` is escaped so
 * a camp title can never end the script element.
 */
export function pageWithAppInfo(html: string, info: AppInfo): string {
  const json = JSON.stringify(info).replace(/</g, "\\u003c");
  return html.replace("</head>", `<script type="application/json" id="${APP_INFO_ELEMENT_ID}">${json}</script></head>`);
}

/**
 * The pre-rendered sign-in page with this camp's banner line where the build's placeholder is, then the
 * facts as in every page. The placeholder must be there exactly once: anything else is a build that
 * does not match this server, and the page would not match what the client renders over it.
 */
export function signInPageFor(html: string, info: AppInfo): string {
  const placeholder = escapeHtml(campBannerText(PRERENDER_APP_INFO));
  const parts = html.split(placeholder);
  if (parts.length !== 2) throw new Error(`the pre-rendered sign-in page holds its camp banner placeholder ${parts.length - 1} times, not once`);
  return pageWithAppInfo(parts.join(escapeHtml(campBannerText(info))), info);
}

/**
 * The sign-in page for this camp, compressed, or undefined when the build has none that fits (then the
 * empty page serves, and the client draws the sign-in page itself: slower to paint, never broken).
 */
function preRenderedSignInPage(app: FastifyInstance, webRoot: string, info: AppInfo) {
  const file = path.join(webRoot, SIGN_IN_PAGE_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return compressedCopies(signInPageFor(readFileSync(file, "utf8"), info));
  } catch (error) {
    app.log.warn({ err: error }, "the pre-rendered sign-in page does not fit this server; sending the empty page instead");
    return undefined;
  }
}

/** A page of the client, made once: as is, compressed, and its Content-Security-Policy. */
interface Page extends Record<"identity" | "br" | "gzip", Buffer> {
  /** The app's policy with the hashes of the page's own inline styles (the sign-in page's stylesheet). */
  policy: string;
}

/** The page as is and compressed once (the 404 handler that sends it is no route, so no compress hook). */
function compressedCopies(text: string): Page {
  const identity = Buffer.from(text);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }), policy: policyForPage(text) };
}

/** brotli if the browser takes it, else gzip, else none; `q=0` refuses an encoding. */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.split(";").map((piece) => piece.trim()))
      .filter(([, quality]) => !quality || !/^q=0(\.0*)?$/.test(quality))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

/**
 * Serves the built single-page client, with its page for every non-API path (client routing). The
 * build writes brotli and gzip copies of every text file; the one the browser accepts is sent as is.
 * The pages carry the app's public facts, so they are made once here, compressed once, and never
 * served as files. A visitor without a session asking for the sign-in page gets it pre-rendered (it
 * paints before the client's code runs, decision 024); everyone else the empty page the client fills.
 */
export function registerWebClient(app: FastifyInstance, webRoot: string | undefined, info: AppInfo) {
  const hasClient = webRoot !== undefined && existsSync(path.join(webRoot, "index.html"));
  const built = hasClient ? pageWithAppInfo(readFileSync(path.join(webRoot, "index.html"), "utf8"), info) : undefined;
  const shell = built?.replace("</head>", `${CURRENT_USER_PRELOAD}</head>`);
  const page = shell === undefined ? undefined : compressedCopies(shell);
  const signInPage = hasClient ? preRenderedSignInPage(app, webRoot, info) ?? page : undefined;
  // The empty page for each page's paths, naming the page's chunks so they download beside the bundle.
  const pageWithChunks = new Map<PageName, Page>();
  if (shell !== undefined) {
    for (const [name, links] of preloadLinksByPage(readBuildManifest(webRoot!))) pageWithChunks.set(name, compressedCopies(shell.replace("</head>", `${links}</head>`)));
  }
  const signInPaths = new Set<string>(SIGN_IN_PATHS);
  if (hasClient) {
    app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => !pathName.endsWith(".html"),
      setHeaders(reply, filePath) {
        reply.header("cache-control", cacheControlFor(filePath));
        if (!isLeanAsset(filePath)) return;
        for (const name of Object.keys(reply.getHeaders())) if (!ASSET_HEADERS.has(name.toLowerCase())) reply.removeHeader(name);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !request.url.startsWith("/api/") && request.url !== "/api";
    if (hasClient && isPage) {
      if (/\.[a-z0-9]+$/i.test(request.url.split("?")[0]!) && !request.url.endsWith(".html")) {
        return reply.code(404).send({ message: "File not found" });
      }
      const encoding = preferredEncoding(request.headers["accept-encoding"]);
      reply.header("cache-control", NEVER_CACHE).header("vary", "Accept-Encoding").type("text/html; charset=utf-8");
      if (encoding) reply.header("content-encoding", encoding);
      const pathname = request.url.split("?")[0]!;
      const signedOut = request.cookies[SESSION_COOKIE] === undefined;
      const pageName = pageNameForPath(pathname);
      const chosen = signedOut && signInPaths.has(pathname) ? signInPage! : (pageName && pageWithChunks.get(pageName)) || page!;
      // A signed-in page's own API answers start with it (decision 029a); signed out, they would only be 401s.
      const data = signedOut ? undefined : dataPreloadHeader(request.url);
      if (data) reply.header("link", data);
      reply.header("content-security-policy", chosen.policy);
      return reply.send(chosen[encoding ?? "identity"]);
    }
    return reply.code(404).send({ message: `No API route for ${request.method} ${request.url.split("?")[0]}` });
  });
}
