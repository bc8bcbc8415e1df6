import { useCallback, useEffect, useRef, useState } from "react";
import type { MusicTrack } from "../../../../contracts/music.ts";
import { toast } from "../../lib/toasts.ts";

export const MUSIC_PREVIEW_FAILED_TOAST = {
  title: "Couldn't play the preview",
  description: "The music could not be played. Try again in a moment.",
} as const;

/** Older Safari plays no Ogg Vorbis (the library's format, chosen because it loops without a click). */
export const MUSIC_PREVIEW_UNSUPPORTED_TOAST = {
  title: "Previews don't play in this browser",
  description: "The music you pick is still in your video. Try a preview in another browser, such as Chrome or Firefox.",
} as const;

/**
 * Previews of the music library: one audio element for every track, so starting a track stops the one
 * playing, and pressing the playing track's button again stops it. Leaving the screen stops it too.
 */
export function useMusicPreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  const stop = useCallback(() => {
    audioRef.current?.pause();
    setPlaying(null);
  }, []);

  const toggle = useCallback(
    async (track: MusicTrack) => {
      const audio = audioRef.current;
      if (!audio) return;
      audio.pause();
      if (playing === track.id) {
        setPlaying(null);
        return;
      }
      audio.src = track.audioUrl;
      setPlaying(track.id);
      try {
        await audio.play();
      } catch (error) {
        // Another track was started before this one began: not a failure.
        if (error instanceof DOMException && error.name === "AbortError") return;
        setPlaying((now) => (now === track.id ? null : now));
        const unsupported = (error instanceof DOMException && error.name === "NotSupportedError") || audio.canPlayType('audio/ogg; codecs="vorbis"') === "";
        toast({ ...(unsupported ? MUSIC_PREVIEW_UNSUPPORTED_TOAST : MUSIC_PREVIEW_FAILED_TOAST), variant: "destructive" });
      }
    },
    [playing],
  );

  // Unmounted (the camper left the editor): no music keeps playing behind the next screen.
  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  return { audioRef, playing, toggle, stop, ended: () => setPlaying(null) };
}
