import { PERSONAL_DETAIL_MESSAGES, PERSONAL_DETAIL_PLACE_NAMES } from "../../../../contracts/personal-details-constants.ts";
import { usePersonalDetails } from "../../api/review-api.ts";
import type { CaptionFix } from "./CaptionLineFix.tsx";
import { fixHref, type FixTarget } from "../../lib/fix-target.ts";

/**
 * "Fix it" for a caption: the caption line named in the address, as the show's personal-details check
 * has it now (the check is what holds the show back, so it is the one truth of where the words are),
 * with the same words' place in the script when they are there too. `gone` once the check no longer
 * finds them on that line (fixed and made again since).
 */
export function useCaptionFix(showId: number, target: FixTarget | null): { fix: CaptionFix | null; gone: string | null } {
  const wanted = target?.field === "captions" ? target : null;
  const { data: check, isError } = usePersonalDetails(showId, wanted !== null);
  if (!wanted || (!check && !isError)) return { fix: null, gone: null };
  const lower = wanted.phrase.toLowerCase();
  for (const finding of check?.findings ?? []) {
    if (finding.phrase.toLowerCase() !== lower) continue;
    const place = finding.places.find((p) => p.field === "captions" && p.line && (wanted.line === undefined || p.line.index === wanted.line));
    if (!place?.line) continue;
    const inScript = finding.places.find((p) => p.field === "script");
    return { fix: { line: place.line, phrase: finding.phrase, scriptHref: inScript ? fixHref(showId, finding, inScript) : null }, gone: null };
  }
  return { fix: null, gone: PERSONAL_DETAIL_MESSAGES.gone(wanted.phrase, PERSONAL_DETAIL_PLACE_NAMES.captions) };
}
