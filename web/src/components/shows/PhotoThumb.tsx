import { ImageIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "../../lib/utils.ts";

/**
 * A photo section's picture where a video would have its player: the server's picture once it has
 * the photo, the device copy before (a HEIC most browsers can't draw shows as a plain "Photo" tile),
 * always with a "Photo" badge so it is never taken for a still video.
 */
export function PhotoThumb({
  src,
  title,
  className,
  fit = "cover",
}: {
  src: string | null;
  title: string;
  className?: string;
  fit?: "cover" | "contain";
}) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  return (
    <div data-testid="photo-thumb" className={cn("relative size-full overflow-hidden bg-slate-900", className)}>
      {src && !broken ? (
        <img
          src={src}
          alt={`Photo: ${title}`}
          onError={() => setBroken(true)}
          className={cn("size-full", fit === "cover" ? "object-cover" : "object-contain")}
        />
      ) : (
        <div role="img" aria-label={`Photo: ${title}`} className="flex size-full items-center justify-center text-white">
          <ImageIcon aria-hidden="true" className="size-7" />
        </div>
      )}
      {/* The picture's name already says "Photo"; the badge is for the eye. */}
      <span
        aria-hidden="true"
        className="absolute left-1 top-1 rounded bg-white/95 px-1.5 py-0.5 text-xs font-semibold text-slate-900"
      >
        Photo
      </span>
    </div>
  );
}
