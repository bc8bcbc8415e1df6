import { Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { videoFormatFor } from "../../../../contracts/product.ts";
import { Button } from "../../components/ui/button.tsx";
import { lazyModule, useLazyModule } from "../../lib/lazy-module.ts";
import { deviceMayHoldClips } from "./clip-db.ts";
import type { RecorderProps } from "./Recorder.tsx";
import { RecorderCard, stageClassName } from "./recorder-card.tsx";

/**
 * The recorder's code: the camera and upload machinery (use-recorder, the tus uploader) and the clip
 * list's drag and drop (dnd-kit), about 30 KB that a first visit to the Create screen does not need
 * before the camper reaches the recording step (decision 029a).
 */
export const recorderCode = lazyModule(() => import("./Recorder.tsx"));

/** How far ahead of the camper's scrolling the recording step's code is fetched. */
export const RECORDER_AHEAD = "200px 0px";

/**
 * The Create screen's recorder, fetched when the camper reaches the recording step: `now` (the step is
 * what the page opened on, or a saved story whose clips the page shows), the device holding clips, the
 * step coming within RECORDER_AHEAD of the screen, or a pointer or focus in it. Until then the same card with the camera's
 * frame in the chosen format stands in, saying the recorder is getting ready, so nothing moves when it
 * comes.
 */
export function LazyRecorder({ now, ...props }: RecorderProps & { now: boolean }) {
  const [near, setNear] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { module, failed, retry } = useLazyModule(recorderCode, now || near);

  // Takes this device still holds (a reload mid-recording, an upload cut off) are finished by the
  // recorder's start-up: it comes at once then, wherever the step is.
  useEffect(() => {
    let live = true;
    void deviceMayHoldClips().then((held) => live && held && setNear(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      // No way to tell when the step nears: fetch it now rather than never.
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: RECORDER_AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={box} className="min-w-0" onPointerEnter={() => setNear(true)} onFocus={() => setNear(true)}>
      {module ? <module.Recorder {...props} /> : <RecorderStandIn videoFormat={props.videoFormat} failed={failed} onRetry={retry} />}
    </div>
  );
}

function RecorderStandIn({ videoFormat, failed, onRetry }: { videoFormat: RecorderProps["videoFormat"]; failed: boolean; onRetry: () => void }) {
  const format = videoFormatFor(videoFormat);
  return (
    <RecorderCard>
      <div className={stageClassName(format.aspectRatio)}>
        <div
          className="flex w-full items-center justify-center rounded-lg bg-slate-900 p-4 text-center text-white"
          style={{ aspectRatio: format.aspectRatio }}
          data-aspect={format.aspectRatio}
        >
          {failed ? (
            <div role="alert" className="grid justify-items-center gap-3">
              <p className="text-sm">The recorder could not load: the connection dropped.</p>
              <Button variant="secondary" onClick={onRetry}>
                Try again
              </Button>
            </div>
          ) : (
            <p role="status" className="flex items-center gap-2 text-sm">
              <Loader2 aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
              Getting the recorder ready...
            </p>
          )}
        </div>
      </div>
    </RecorderCard>
  );
}
