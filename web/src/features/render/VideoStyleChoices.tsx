import { useId } from "react";
import type { Show } from "../../../../contracts/shows.ts";
import type { CaptionStyle } from "../../../../contracts/video-style.ts";
import type { ShowChoices } from "../../api/use-show-choices.ts";

const CAPTION_STYLE_OPTIONS: { value: CaptionStyle; label: string }[] = [
  { value: "lines", label: "Lines" },
  { value: "word", label: "Word by word" },
];

interface Props {
  show: Pick<Show, "transitions" | "captionStyle" | "titleCard" | "titleCardName">;
  /** Whether the video gets captions as the show is now (captionsOn): the style only shows with them. */
  captions: boolean;
  onChoice: (choice: ShowChoices) => void;
}

/** The video's style: cross-fades between sections, how captions appear, and the title and end cards. */
export function VideoStyleChoices({ show, captions, onChoice }: Props) {
  const ids = { style: useId(), styleHint: useId(), transitions: useId(), cards: useId(), name: useId(), nameHint: useId() };
  return (
    <div className="grid gap-3">
      <label className="flex min-h-11 items-center gap-2 text-sm" htmlFor={ids.transitions}>
        <input
          id={ids.transitions}
          type="checkbox"
          checked={show.transitions}
          onChange={(e) => onChoice({ transitions: e.target.checked })}
        />{" "}
        Cross-fade between sections
      </label>
      <fieldset className="grid gap-1" aria-describedby={captions ? undefined : ids.styleHint}>
        <legend className="text-sm font-medium">Captions style</legend>
        {!captions && (
          // Kept in view so the choice is there before captions are: it is saved with the show either way.
          <p id={ids.styleHint} className="text-sm text-slate-700" data-testid="caption-style-note">
            Used when the video has captions (they are off now).
          </p>
        )}
        <div className="flex flex-wrap gap-x-4">
          {CAPTION_STYLE_OPTIONS.map((option) => (
            <label key={option.value} className="flex min-h-11 min-w-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={ids.style}
                checked={show.captionStyle === option.value}
                onChange={() => onChoice({ captionStyle: option.value })}
              />{" "}
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1">
        <label className="flex min-h-11 items-center gap-2 text-sm" htmlFor={ids.cards}>
          <input id={ids.cards} type="checkbox" checked={show.titleCard} onChange={(e) => onChoice({ titleCard: e.target.checked })} /> Title
          and end cards
        </label>
        <label className={`flex min-h-11 items-center gap-2 pl-6 text-sm ${show.titleCard ? "" : "text-slate-700"}`} htmlFor={ids.name}>
          <input
            id={ids.name}
            type="checkbox"
            checked={show.titleCardName}
            // Without cards there is no title card to put a name on; the choice is kept for when they return.
            disabled={!show.titleCard}
            aria-describedby={show.titleCard ? undefined : ids.nameHint}
            onChange={(e) => onChoice({ titleCardName: e.target.checked })}
          />{" "}
          Show my first name on the title card
        </label>
        {!show.titleCard && (
          <p id={ids.nameHint} className="pl-6 text-sm text-slate-700">
            Turn on title and end cards to choose this.
          </p>
        )}
      </div>
    </div>
  );
}
