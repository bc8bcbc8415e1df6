import { useId } from "react";
import { MUSIC_TRACKS } from "../../../../contracts/music-constants.ts";
import type { Show } from "../../../../contracts/shows.ts";
import type { ShowChoices } from "../../api/use-show-choices.ts";
import { MusicPicker } from "./MusicPicker.tsx";
import { VideoStyleChoices } from "./VideoStyleChoices.tsx";

export type StyleShow = Pick<Show, "music" | "musicLevel" | "transitions" | "captionStyle" | "titleCard" | "titleCardName">;

const onOff = (on: boolean) => (on ? "on" : "off");

/** What a screen reader hears once the server has one of this group's choices; null for other choices. */
export function styleSavedText(saved: ShowChoices | null | undefined): string | null {
  if (!saved) return null;
  if (saved.music !== undefined) {
    const title = MUSIC_TRACKS.find((t) => t.id === saved.music)?.title ?? saved.music;
    return saved.music === null ? "Saved: no music." : `Saved: music ${title}.`;
  }
  if (saved.musicLevel) return `Saved: music level ${saved.musicLevel}.`;
  if (saved.transitions !== undefined) return `Saved: cross-fades ${onOff(saved.transitions)}.`;
  if (saved.captionStyle) return `Saved: captions ${saved.captionStyle === "word" ? "word by word" : "in lines"}.`;
  if (saved.titleCard !== undefined) return `Saved: title and end cards ${onOff(saved.titleCard)}.`;
  if (saved.titleCardName !== undefined) return `Saved: first name on the title card ${onOff(saved.titleCardName)}.`;
  return null;
}

interface Props {
  show: StyleShow;
  captions: boolean;
  onChoice: (choice: ShowChoices) => void;
  /** The last choices the server took (useShowChoices().saved). */
  saved?: ShowChoices | null;
}

/** The final video's "Music and style" group: saved on the show like the picture and captions choices. */
export function MusicAndStyle({ show, captions, onChoice, saved }: Props) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-base font-semibold">
        Music and style
      </h3>
      <MusicPicker music={show.music} musicLevel={show.musicLevel} onChoice={onChoice} />
      <VideoStyleChoices show={show} captions={captions} onChoice={onChoice} />
      <p role="status" className="min-h-5 text-sm text-slate-700" data-testid="style-saved">
        {styleSavedText(saved) ?? ""}
      </p>
    </section>
  );
}
