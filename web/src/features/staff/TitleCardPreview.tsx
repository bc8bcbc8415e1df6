import { MIN_CARD_CONTRAST, bannerTextOn, cardContrasts, readableTextOn } from "../../../../contracts/colour-contrast.ts";

/** The camp's name as the banner fits it (the sample is small; the render wraps the whole name). */
const bannerText = (name: string) => {
  const trimmed = name.trim() || "Your camp";
  return trimmed.length > 24 ? `${trimmed.slice(0, 23)}…` : trimmed;
};

const ratio = (r: number) => `${(Math.floor(r * 10) / 10).toFixed(1)}:1`;

/** The contrast warnings for these colours (empty when both pairs read well on a phone). */
export function cardContrastWarnings(background: string, accent: string): string[] {
  const { title, banner } = cardContrasts(background, accent);
  const warnings: string[] = [];
  if (title < MIN_CARD_CONTRAST) {
    warnings.push(
      `The title on the card colour has a contrast of ${ratio(title)}, under ${MIN_CARD_CONTRAST}:1: campers may not read it on a phone. Choose a darker or a lighter card colour.`,
    );
  }
  if (banner < MIN_CARD_CONTRAST) {
    warnings.push(
      `The camp's name on the accent colour has a contrast of ${ratio(banner)}, under ${MIN_CARD_CONTRAST}:1. Choose an accent colour lighter or darker than the card colour.`,
    );
  }
  return warnings;
}

/**
 * A small title card in the camp's colours, as videos open: the title on the card colour and the camp's
 * banner in the accent colour, so the director sees the contrast before saving.
 */
export function TitleCardPreview({ background, accent, campName, warningsId }: { background: string; accent: string; campName: string; warningsId: string }) {
  const warnings = cardContrastWarnings(background, accent);
  return (
    <div className="grid gap-2">
      <figure className="grid w-full max-w-xs gap-1">
        <figcaption className="text-sm font-medium text-slate-800">Title card preview</figcaption>
        {/* A picture of the colours (SVG, so a director's low contrast is shown, not flagged as the page's own
            text); its name says what it shows and the warnings below say it in words. */}
        <svg
          role="img"
          aria-label={`The title in white on ${background}, the camp's name on a ${accent} banner`}
          viewBox="0 0 320 180"
          data-testid="title-card-preview"
          className="w-full rounded-lg border border-slate-300"
        >
          <rect width="320" height="180" fill={background} data-testid="title-card-background" />
          <text x="160" y="78" textAnchor="middle" fontSize="24" fontWeight="700" fill={readableTextOn(background)}>
            Our summer story
          </text>
          <rect x="30" y="104" width="260" height="34" rx="4" fill={accent} data-testid="title-card-banner" />
          <text x="160" y="126" textAnchor="middle" fontSize="14" fontWeight="600" fill={bannerTextOn(background, accent)}>
            {bannerText(campName)}
          </text>
        </svg>
      </figure>
      <div id={warningsId} aria-live="polite" className="grid gap-1 empty:hidden">
        {warnings.map((w) => (
          <p key={w} className="rounded-md border border-amber-900 bg-amber-50 p-2 text-sm text-amber-900" data-testid="contrast-warning">
            {w}
          </p>
        ))}
      </div>
    </div>
  );
}
