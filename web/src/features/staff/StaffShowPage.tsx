import { ArrowLeft, Check, MessageSquareWarning } from "lucide-react";
import { useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Link, useParams } from "wouter";
import { REVIEW_LIMITS, REVIEW_MESSAGES } from "../../../../contracts/reviews-constants.ts";
import type { StaffShowDetail } from "../../../../contracts/reviews.ts";
import { SHARE_MESSAGES } from "../../../../contracts/shares-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { PersonalDetailsList } from "../../components/review/PersonalDetailsList.tsx";
import { ReviewStateBadge } from "../../components/review/ReviewStateBadge.tsx";
import { ShareCard } from "../../components/share/ShareCard.tsx";
import { isValidShowId } from "../../api/shows-api.ts";
import { usePasswordCheck } from "../../components/auth/password-check.tsx";
import { useStaffDecision, useStaffShow } from "../../api/staff-api.ts";
import { DecisionRefusal } from "./DecisionRefusal.tsx";
import { refusalOf, type Refusal } from "../../api/refusal.ts";
import { ReissueCardButton } from "../../components/staff/ReissueCardButton.tsx";

function DecisionForm({ detail }: { detail: StaffShowDetail }) {
  const decide = useStaffDecision(detail.show.id);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<Refusal | null>(null);
  const noteId = useId();
  const problemId = useId();
  const video = detail.video!;

  const send = (decision: "approve" | "request_changes") => (event?: FormEvent) => {
    event?.preventDefault();
    setProblem(null);
    if (decision === "request_changes" && !note.trim()) {
      setProblem({ message: "Write a note so the camper knows what to change.", code: null, personalDetails: null });
      return;
    }
    decide.mutate(
      { decision, note: note.trim() || undefined, renderJobId: video.renderJobId },
      {
        onSuccess: () => {
          setNote("");
          toast({ title: decision === "approve" ? "Video approved" : "Changes requested" });
        },
        onError: (err) => setProblem(refusalOf(err)),
      },
    );
  };

  return (
    <form onSubmit={send("request_changes")} className="grid gap-3" aria-describedby={problem ? problemId : undefined}>
      <Label htmlFor={noteId}>Note for the camper (needed to request changes)</Label>
      <textarea
        id={noteId}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={REVIEW_LIMITS.noteMaxLength}
        rows={3}
        aria-invalid={problem ? true : undefined}
        className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
      />
      {problem && <DecisionRefusal refusal={problem} id={problemId} onWriteNote={setNote} />}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => send("approve")()} busy={decide.isPending}>
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button type="submit" variant="outline" busy={decide.isPending}>
          <MessageSquareWarning aria-hidden="true" />
          Request changes
        </Button>
      </div>
    </form>
  );
}

/**
 * A download of everything the app holds about the camper; the server writes it in the audit log.
 * A plain link (the archive streams to disk), followed once the staff member's password is fresh.
 */
function CamperDataLink({ camper }: { camper: StaffShowDetail["camper"] }) {
  const link = useRef<HTMLAnchorElement>(null);
  const passwordCheck = usePasswordCheck();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (passwordCheck.fresh()) return;
    event.preventDefault();
    passwordCheck.whenConfirmed(() => link.current?.click());
  };
  return (
    <p>
      <a ref={link} className="inline-flex min-h-11 items-center font-semibold text-lake-700 underline" href={`/api/staff/campers/${camper.id}/export`} download onClick={follow}>
        Download {camper.username}'s data
      </a>
      {passwordCheck.dialog}
    </p>
  );
}

/** The script of the video staff watch (what its voice and captions say), else the show's. */
function ScriptCard({ detail }: { detail: StaffShowDetail }) {
  const script = detail.video?.narration ?? detail.show.narration;
  const differs = detail.video?.narration != null && detail.video.narration.trim() !== (detail.show.narration ?? "").trim();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Script</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {differs && <p className="text-sm text-slate-700">The script of this video. The camper has changed the script since.</p>}
        {script?.trim() ? <p className="whitespace-pre-wrap break-words leading-relaxed">{script}</p> : <p className="italic text-slate-700">No script yet</p>}
      </CardContent>
    </Card>
  );
}

/** /staff/shows/:id: watch the video the camper sent with captions, read its check, decide on it. */
export function StaffShowPage() {
  const { id } = useParams<{ id: string }>();
  const valid = isValidShowId(id);
  const { data: detail, error, isPending } = useStaffShow(valid ? id : "0");
  usePageTitle(detail ? `Review: ${detail.show.title}` : "Review a show");

  return (
    <article className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <div>
        <Button asChild variant="link" className="h-auto px-0">
          <Link href="/staff">
            <ArrowLeft aria-hidden="true" />
            Back to the cabin board
          </Link>
        </Button>
      </div>
      {!valid || error ? (
        <p role="alert" className="text-red-800">{valid ? errorMessage(error) : "Show not found"}</p>
      ) : isPending || !detail ? (
        <Spinner label="Loading show" />
      ) : (
        <>
          <header className="grid gap-2">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="min-w-0 break-words text-3xl font-bold text-lake-900">{detail.show.title}</h1>
              <ReviewStateBadge state={detail.review.state} />
            </div>
            <p className="text-slate-700">By {detail.camper.username}</p>
            <CamperDataLink camper={detail.camper} />
            {/* A lost or seen sign-in card is replaced from the camper's page (decision 027b). */}
            <ReissueCardButton camperId={detail.camper.id} firstName={detail.camper.username} />
            {!detail.camper.mediaRelease && (
              <p className="rounded-md border border-slate-500 bg-slate-50 p-3 text-slate-900" data-testid="no-media-release">
                <span className="font-semibold">No media release.</span> {SHARE_MESSAGES.noMediaReleaseStaff}
              </p>
            )}
          </header>
          {detail.review.camperMessage && (
            <Card>
              <CardHeader>
                <CardTitle>Message from the camper</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap break-words">{detail.review.camperMessage}</p>
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle>{detail.review.sentRenderJobId !== null ? "The video the camper sent" : "Final video"}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              {detail.review.changedSinceSent && (
                <div role="status" className="rounded-md border border-amber-400 bg-amber-50 p-4" data-testid="changed-since-sent">
                  <p className="font-semibold text-amber-950">{REVIEW_MESSAGES.changedSinceSent}</p>
                  <p className="text-amber-950">{REVIEW_MESSAGES.changedSinceSentStaff}</p>
                </div>
              )}
              {detail.video ? (
                <video controls preload="metadata" className="max-h-[70vh] w-full rounded-md bg-black" src={detail.video.mediaUrl} crossOrigin="use-credentials">
                  {detail.video.captionsUrl && <track kind="captions" srcLang="en" label="Captions" src={detail.video.captionsUrl} default />}
                </video>
              ) : (
                <p className="italic text-slate-700">No finished video yet.</p>
              )}
            </CardContent>
          </Card>
          <ScriptCard detail={detail} />
          {detail.personalDetails && (
            <Card>
              <CardHeader>
                <CardTitle>Personal-details check</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                {detail.personalDetails.findings.length === 0 ? (
                  <p>Nothing was flagged when the camper sent this video.</p>
                ) : (
                  <>
                    <p>
                      When the camper sent this video, the check flagged {detail.personalDetails.findings.length}{" "}
                      {detail.personalDetails.findings.length === 1 ? "phrase" : "phrases"};{" "}
                      {detail.personalDetails.findings.filter((f) => f.kept).length} kept as OK to share.
                    </p>
                    <PersonalDetailsList check={detail.personalDetails} />
                  </>
                )}
                {!detail.personalDetails.aiChecked && <p className="text-sm text-slate-600">Checked by the built-in rules (no AI second opinion).</p>}
              </CardContent>
            </Card>
          )}
          {detail.review.staffNote && (
            <Card>
              <CardHeader>
                <CardTitle>Last note to the camper</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap break-words">{detail.review.staffNote}</p>
              </CardContent>
            </Card>
          )}
          {detail.video && detail.review.submittedAt && (
            <Card>
              <CardHeader>
                <CardTitle>Your decision</CardTitle>
              </CardHeader>
              <CardContent>
                <DecisionForm key={detail.video.renderJobId} detail={detail} />
              </CardContent>
            </Card>
          )}
          {/* The links' state, read-only but for turning one off: making links is the camper's card. */}
          <ShareCard actor="staff" showId={detail.show.id} title={detail.show.title} />
        </>
      )}
    </article>
  );
}
