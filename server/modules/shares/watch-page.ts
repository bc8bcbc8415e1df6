import type { AppInfo } from "../../../contracts/app-info.ts";
import { campBannerText } from "../../../contracts/page-data.ts";
import { policyForPage } from "../../http/content-security-policy.ts";
import { escapeHtml } from "../../http/escape-html.ts";

/** Inline CSS only, allowed by its hash (WATCH_PAGE_POLICY): the page needs no JavaScript. */
const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f8fafc;color:#0f172a}
.banner{background:#0c4a6e;color:#fff;text-align:center;padding:.5rem 1rem;font-weight:600}
main{max-width:56rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.75rem;margin:0 0 1rem}
video{width:100%;max-height:80vh;background:#000;border-radius:.5rem}
.note{color:#334155}
.gone{text-align:center;padding-top:3rem}
`;

/** The Content-Security-Policy of these pages: the app's, with this stylesheet's hash. */
export const WATCH_PAGE_POLICY = policyForPage(`<style>${STYLE}</style>`);

function page(info: AppInfo, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${escapeHtml(info.productName)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="banner">${escapeHtml(campBannerText(info))}</div>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The family's view of a shared show: title, video, captions track and the camp banner; no username. */
export function watchPageHtml(info: AppInfo, video: { title: string; mediaPath: string; captionsPath: string | null }): string {
  const track = video.captionsPath
    ? `\n<track kind="captions" src="${escapeHtml(video.captionsPath)}" srclang="en" label="Captions" default>`
    : "";
  return page(
    info,
    video.title,
    `<h1>${escapeHtml(video.title)}</h1>
<video controls playsinline preload="metadata" src="${escapeHtml(video.mediaPath)}">${track}
</video>
<p class="note">Made at ${escapeHtml(info.campTitle)} with ${escapeHtml(info.productName)}. Please keep this link within your family.</p>`,
  );
}

/** Expired, revoked, unknown, or waiting for staff to approve a changed video: a friendly dead end. */
export function unavailablePageHtml(info: AppInfo, heading: string, detail: string): string {
  return page(
    info,
    heading,
    `<div class="gone">
<h1>${escapeHtml(heading)}</h1>
<p class="note">${escapeHtml(detail)}</p>
</div>`,
  );
}
