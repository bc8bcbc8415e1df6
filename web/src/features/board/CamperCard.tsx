import { useId } from "react";
import { Link } from "wouter";
import { CAMPER_STEP_LABELS, camperDisplayName, type CamperStep } from "../../../../contracts/board-constants.ts";
import type { BoardCamper } from "../../../../contracts/board.ts";
import { Button } from "../../components/ui/button.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { cn } from "../../lib/utils.ts";
import { ReissueCardButton } from "../../components/staff/ReissueCardButton.tsx";
import { formatShowDateTime } from "../../lib/show-format.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { useSetMediaRelease } from "../../api/board-api.ts";
import { cardAction } from "./card-action.ts";
import { PlaceCamperButton } from "./PlaceCamperButton.tsx";
import { SetPasswordButton } from "./SetPasswordButton.tsx";

/** Dark text on a pale fill (at least 7:1); the words carry the meaning, the colour only groups them. */
const STEP_TONES: Record<CamperStep, string> = {
  reflect: "border-slate-600 bg-slate-50 text-slate-900",
  script: "border-slate-600 bg-slate-50 text-slate-900",
  record: "border-slate-600 bg-slate-50 text-slate-900",
  editor: "border-slate-600 bg-white text-slate-900",
  sent: "border-amber-700 bg-amber-50 text-amber-950",
  approved: "border-green-700 bg-green-50 text-green-950",
  shared: "border-green-700 bg-green-50 text-green-950",
};


/** One camper on the cabin board: where they are, what waits for the counselor, and what to do. */
export function CamperCard({ camper }: { camper: BoardCamper }) {
  const name = camperDisplayName(camper);
  const headingId = useId();
  const releaseId = useId();
  const setRelease = useSetMediaRelease();
  // Only the director places campers (the server refuses a counselor with 403).
  const director = useAuth().user?.role === "admin";
  const place = [camper.cabin?.name, camper.session?.name].filter(Boolean).join(" · ");

  const toggleRelease = () =>
    setRelease.mutate(
      { camperId: camper.id, mediaRelease: !camper.mediaRelease },
      {
        onSuccess: () => toast({ title: camper.mediaRelease ? `${name}'s videos are no longer shared` : `${name}'s videos may be shared` }),
        onError: (err) => toast({ title: "Could not change the media release", description: errorMessage(err), variant: "destructive" }),
      },
    );

  return (
    <li
      aria-labelledby={headingId}
      className={cn("grid gap-3 rounded-lg border bg-white p-4 shadow-sm", camper.waiting ? "border-amber-700" : "border-slate-300")}
      data-testid={`board-camper-${camper.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
            {name}
          </h2>
          <p className="text-sm text-slate-800">{place || "No cabin yet"}</p>
        </div>
        <span className={cn("inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-sm font-semibold", STEP_TONES[camper.step])}>
          {CAMPER_STEP_LABELS[camper.step]}
        </span>
      </div>

      <p className="text-sm text-slate-800">
        {camper.lastWorkedAt ? (
          <>
            Last worked <time dateTime={camper.lastWorkedAt}>{formatShowDateTime(camper.lastWorkedAt)}</time>
          </>
        ) : (
          "Not started yet"
        )}
        {camper.show && <span className="break-words">{` · “${camper.show.title}”`}</span>}
      </p>

      {camper.waiting && (
        <p className="font-semibold text-amber-950">
          {camper.waiting.count === 1 ? "1 video waits for your review" : `${camper.waiting.count} videos wait for your review`}
        </p>
      )}

      {!camper.mediaRelease && (
        <p id={releaseId} className="text-sm text-slate-900">
          <span className="font-semibold">No media release.</span> Their family has not allowed sharing videos online: no share links, no reels. They can
          still make and download their video.
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {/* A camper who registered themselves waits for a cabin: that comes first. */}
        {director && !camper.cabin && <PlaceCamperButton camper={camper} name={name} />}
        {camper.waiting ? (
          <Button asChild className={cardAction}>
            <Link href={`/staff/shows/${camper.waiting.showId}`}>Review {name}'s video</Link>
          </Button>
        ) : (
          camper.show && (
            <Button asChild variant="outline" className={cardAction}>
              <Link href={`/staff/shows/${camper.show.id}`}>Open {name}'s show</Link>
            </Button>
          )
        )}
        <Button
          type="button"
          variant="outline"
          className={cardAction}
          busy={setRelease.isPending}
          aria-describedby={camper.mediaRelease ? undefined : releaseId}
          onClick={toggleRelease}
        >
          {camper.mediaRelease ? `Withdraw ${name}'s media release` : `Give ${name} a media release`}
        </Button>
        <ReissueCardButton camperId={camper.id} firstName={camper.firstName ?? camper.username} />
        <SetPasswordButton camperId={camper.id} name={name} username={camper.username} />
        {director && camper.cabin && <PlaceCamperButton camper={camper} name={name} />}
      </div>
    </li>
  );
}
