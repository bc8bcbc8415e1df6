import { CARD_TEXT_COLOUR, MIN_CARD_CONTRAST, cardContrasts } from "../../../../contracts/colour-contrast.ts";

const ratio = (r: number) => `${(Math.floor(r * 10) / 10).toFixed(1)}:1`;

/** The contrast warnings for these colours (empty when both pairs read well on a phone). */
export function cardContrastWarnings(background: string, accent: string): string[] {
  const { title, banner } = cardContrasts(background, accent);
  const warnings: string[] = [];
  if (title < MIN_CARD_CONTRAST) {
    warnings.push(
      `The white title on the card colour has a contrast of ${ratio(title)}, under ${MIN_CARD_CONTRAST}:1: campers may not read it on a phone. Choose a darker card colour.`,
    );
  }
  if (banner < MIN_CARD_CONTRAST) {
    warnings.push(
      `The camp's name in the card colour on the accent colour has a contrast of ${ratio(banner)}, under ${MIN_CARD_CONTRAST}:1. Choose an accent colour lighter or darker than the card colour.`,
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
        <div
          data-testid="title-card-preview"
          className="grid aspect-video content-center justify-items-center gap-3 overflow-hidden rounded-lg border border-slate-300 p-4 text-center"
          style={{ backgroundColor: background }}
        >
          <p className="text-xl font-bold leading-tight" style={{ color: CARD_TEXT_COLOUR }}>
            Our summer story
          </p>
          <p className="max-w-full truncate rounded px-3 py-1 text-sm font-semibold" style={{ backgroundColor: accent, color: background }}>
            {campName.trim() || "Your camp"}
          </p>
        </div>
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
