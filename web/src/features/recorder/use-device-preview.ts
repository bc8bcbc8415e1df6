import { useEffect, useRef, useState } from "react";
import { objectUrl, releaseObjectUrl } from "../../lib/object-url.ts";
import type { ClipItem } from "../../api/clip-items.ts";

/**
 * Plays the device copy on request (a clip the server can't play yet). Loaded only when asked for,
 * so no row holds a large object URL it may never use, and none points at chunks about to be
 * deleted once the server has confirmed the clip.
 */
export function useDevicePreview(item: ClipItem, loadLocalBlob: (item: ClipItem) => Promise<Blob | null>) {
  const [url, setUrl] = useState<string | null>(null);
  const available = item.mediaUrl === null && item.local !== null && item.state !== "recording" && item.state !== "saved";
  const urlRef = useRef<string | null>(null);
  // A photo's picture shows at once (it is small, and there is nothing to play): load it while there is
  // no server copy.
  const showPhoto = item.kind === "photo" && available;
  useEffect(() => {
    if (showPhoto) void open();
    // open() is the same work every render; only whether to show matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showPhoto]);

  // The server's copy took over (or the row went away): let the device copy's URL go.
  useEffect(() => {
    if (item.mediaUrl === null) return;
    releaseObjectUrl(urlRef.current);
    urlRef.current = null;
    setUrl(null);
  }, [item.mediaUrl]);
  useEffect(
    () => () => releaseObjectUrl(urlRef.current),
    [],
  );

  async function open() {
    const blob = await loadLocalBlob(item);
    if (!blob) return;
    releaseObjectUrl(urlRef.current);
    urlRef.current = objectUrl(blob);
    setUrl(urlRef.current);
  }

  return { available, url, open };
}
