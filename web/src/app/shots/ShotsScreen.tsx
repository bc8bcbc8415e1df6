import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { videoFormatFor } from "../../../../contracts/product.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { announce } from "../../lib/announce.ts";
import { errorMessage } from "../../api/client.ts";
import { apiKeys } from "../../api/keys.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { AddPhotosButton } from "../../features/recorder/AddPhotosButton.tsx";
import { useClips } from "../../features/recorder/use-clips.ts";
import { firstShotToRecord } from "../../features/shots/shot-format.ts";
import { ShotList } from "../../features/shots/ShotList.tsx";
import { ShotRecorder } from "./ShotRecorder.tsx";
import { ShotPicture, ShotTakes, chosenPhoto } from "../../features/shots/ShotTakes.tsx";
import { useChooseTake, useShotList } from "../../api/shots-api.ts";
import { LoadingStatus } from "../../components/ui/spinner.tsx";

/**
 * The recorder beside the shot list (above it on a phone). The recorder follows one shot at a time,
 * by number (which stays meaningful when a merge or split gives shots new ids); it starts on the first
 * shot without a chosen take. The show's clips are read once here, for the takes' players and the
 * uploads on their way; their order on the server is not touched (takes go into the video by shot).
 */
export function ShotsScreen({ show, userId }: { show: Show; userId: number }) {
  const query = useShotList(show.id);
  const clips = useClips({ userId, showId: show.id, autoAttach: false });
  const chooser = useChooseTake(show.id);
  const queryClient = useQueryClient();
  const [chosenNumber, setChosenNumber] = useState<number | null>(null);
  const [recording, setRecording] = useState(false);
  const recorderBox = useRef<HTMLDivElement>(null);
  const ids = { shots: useId() };
  const format = videoFormatFor(show.videoFormat);
  const onRecordingChange = useCallback((value: boolean) => setRecording(value), []);
  // Pinned once known: a take that gets chosen must not move the recorder on by itself.
  useEffect(() => {
    if (chosenNumber === null && query.data && query.data.shots.length > 0) setChosenNumber(firstShotToRecord(query.data));
  }, [chosenNumber, query.data]);

  if (query.status === "pending") {
    return <LoadingStatus>Cutting your script into shots...</LoadingStatus>;
  }
  if (query.status === "error") {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
        We couldn't load your shots. {errorMessage(query.error)}
      </p>
    );
  }

  const list = query.data;
  const count = list.shots.length;
  const current = Math.min(Math.max(1, chosenNumber ?? firstShotToRecord(list)), Math.max(1, count));
  const shot = list.shots[current - 1];
  const wordsPerMinute = Math.round(list.wordsPerSecond * 60);

  function pickShot(number: number) {
    setChosenNumber(number);
    // The recorder's Start button: one more press records the shot.
    recorderBox.current?.querySelector<HTMLElement>("[data-record-button]")?.focus();
    announce(`Shot ${number} is in the recorder.`);
  }

  async function deleteTake(item: ClipItem) {
    await clips.remove(item);
    // The shot's takes (and maybe its chosen one) changed.
    await queryClient.invalidateQueries({ queryKey: apiKeys.showShots(show.id) });
    announce("Take deleted.");
  }

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start">
      <div ref={recorderBox} className="min-w-0">
        {shot && (
          <ShotRecorder
            show={show}
            userId={userId}
            list={list}
            shot={shot}
            clips={clips}
            onSelect={setChosenNumber}
            onRecordingChange={onRecordingChange}
          />
        )}
      </div>
      <section aria-labelledby={ids.shots} className="grid min-w-0 content-start gap-3">
        <h2 id={ids.shots} className="text-xl font-semibold text-slate-900">
          Your shots ({count})
        </h2>
        <p className="text-sm text-slate-700">
          Times are guesses at your speaking pace (about {wordsPerMinute} words a minute). Split a long shot or merge two
          short ones so each is easy to say in one go.
        </p>
        <ShotList
          list={list}
          current={current}
          onRecord={pickShot}
          recording={recording}
          renderPhotoAction={(s) => (
            <AddPhotosButton
              userId={userId}
              showId={show.id}
              shotId={s.id}
              label="Use a photo"
              name={`Use a photo for shot ${s.number}`}
              announceUploads
              // The photo is a take of the shot now (its picture when it is the first).
              onUploaded={() => void queryClient.invalidateQueries({ queryKey: apiKeys.showShots(show.id) })}
            />
          )}
          renderPicture={(s) => {
            const photo = chosenPhoto(s, clips.clips);
            return photo ? <ShotPicture shot={s} item={photo} /> : null;
          }}
          renderTakes={(s) => (
            <ShotTakes
              shot={s}
              clips={clips.clips}
              aspectRatio={format.aspectRatio}
              script={show.narration}
              choosing={chooser.choosing}
              onChoose={(take) =>
                chooser.choose(s.id, take.clipId, `Your video uses take ${s.takes.indexOf(take) + 1} for shot ${s.number}.`)
              }
              onDelete={deleteTake}
            />
          )}
        />
      </section>
    </div>
  );
}
