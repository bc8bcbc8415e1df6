import { Square, Volume2 } from "lucide-react";
import { useId } from "react";
import type { MusicTrackId } from "../../../../contracts/music.ts";
import { MUSIC_LEVELS, type MusicLevel } from "../../../../contracts/video-style-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { errorMessage } from "../../api/client.ts";
import type { ShowChoices } from "../../api/use-show-choices.ts";
import { useMusicLibrary } from "../../api/music-api.ts";
import { useMusicPreview } from "./use-music-preview.ts";

const LEVEL_LABELS: Record<MusicLevel, string> = { soft: "Soft", medium: "Medium", loud: "Loud" };

interface Props {
  music: string | null;
  musicLevel: MusicLevel;
  onChoice: (choice: ShowChoices) => void;
}

/**
 * Music under the story: none or one track of the library, each with a preview to pick by ear, and how
 * loud it plays between sentences (under speech the render always ducks it well below the voice).
 */
export function MusicPicker({ music, musicLevel, onChoice }: Props) {
  const ids = { music: useId(), level: useId(), levelHint: useId() };
  const library = useMusicLibrary();
  const preview = useMusicPreview();
  const tracks = library.data?.tracks ?? [];

  return (
    <div className="grid gap-3">
      <fieldset className="grid min-w-0 gap-1">
        <legend className="text-sm font-medium">Music</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name={ids.music} checked={music === null} onChange={() => onChoice({ music: null })} /> No music
        </label>
        {tracks.map((track) => {
          const isPlaying = preview.playing === track.id;
          return (
            <div key={track.id} className="flex min-w-0 flex-wrap items-center justify-between gap-x-3">
              <label className="flex min-h-11 min-w-0 flex-1 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={ids.music}
                  checked={music === track.id}
                  // The ids are the contract's list; the server refuses any other with a message.
                  onChange={() => onChoice({ music: track.id as MusicTrackId })}
                />
                <span className="min-w-0 break-words">
                  {track.title} <span className="text-slate-700">({track.mood})</span>
                </span>
              </label>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void preview.toggle(track)}
                // Starts with the visible word (WCAG label in name), then which track.
                aria-label={isPlaying ? `Stop ${track.title}` : `Preview ${track.title}`}
              >
                {isPlaying ? <Square aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
                {isPlaying ? "Stop" : "Preview"}
              </Button>
            </div>
          );
        })}
        {library.isPending && (
          <p role="status" className="text-sm text-slate-700">
            Loading the music...
          </p>
        )}
        {library.error && (
          <div className="grid gap-2">
            <p role="alert" className="text-sm text-red-800">
              The music could not be loaded: {errorMessage(library.error)}
            </p>
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => void library.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </fieldset>
      {music !== null && (
        <fieldset className="grid gap-1" aria-describedby={ids.levelHint}>
          <legend className="text-sm font-medium">Music level</legend>
          <p id={ids.levelHint} className="text-sm text-slate-700">
            How loud the music is between sentences. It always drops well under the voice while someone speaks.
          </p>
          <div className="flex flex-wrap gap-x-4">
            {MUSIC_LEVELS.map((level) => (
              <label key={level} className="flex min-h-11 min-w-11 items-center gap-2 text-sm">
                <input type="radio" name={ids.level} checked={musicLevel === level} onChange={() => onChoice({ musicLevel: level })} />{" "}
                {LEVEL_LABELS[level]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <audio ref={preview.audioRef} preload="none" data-testid="music-preview-audio" className="hidden" onEnded={preview.ended} />
    </div>
  );
}
