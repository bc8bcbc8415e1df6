import { Send } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { PERSONAL_DETAIL_MESSAGES } from "../../../../contracts/personal-details-constants.ts";
import { REVIEW_LIMITS, REVIEW_MESSAGES } from "../../../../contracts/reviews-constants.ts";
import type { ShowReview } from "../../../../contracts/reviews.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { ReviewStateBadge } from "../../components/review/ReviewStateBadge.tsx";
import { refusalOf, type Refusal } from "../../api/refusal.ts";
import { PersonalDetailsList } from "../../components/review/PersonalDetailsList.tsx";
import { useKeepPersonalDetail, usePersonalDetails, useShowReview, useSubmitForReview } from "../../api/review-api.ts";
import { apiKeys } from "../../api/keys.ts";

const EXPLANATIONS = {
  draft: "Make the final video (Download .mp4) first. Then camp staff can watch it.",
  video_ready: "Your video is ready. Send it to camp staff: once they approve it, you can share it with your family.",
  waiting: "Camp staff will watch your video soon.",
  approved: "Camp staff approved this video.",
  changes_requested: "Camp staff asked for a change. Make a new video, then send it again.",
} as const;

/** The camper may send their current video: a first time, after a change was asked, or once it changed since it was sent. */
function maySend(review: ShowReview | undefined): boolean {
  if (!review) return false;
  if (review.state === "video_ready" || review.state === "changes_requested") return true;
  return (review.state === "waiting" || review.state === "approved") && review.changedSinceSent;
}

/** Says that the camper's newest video is not the one staff watch (or approved), and what the links play. */
export function ChangedSinceSent({ review }: { review: ShowReview }) {
  if (!review.changedSinceSent) return null;
  return (
    <div role="status" className="rounded-md border border-amber-400 bg-amber-50 p-4" data-testid="changed-since-sent">
      <p className="font-semibold text-amber-950">{REVIEW_MESSAGES.changedSinceSent}</p>
      <p className="text-amber-950">{review.state === "approved" ? REVIEW_MESSAGES.changedSinceApprovedCamper : REVIEW_MESSAGES.changedSinceSentCamper}</p>
    </div>
  );
}

/** The camper's side of review: where the show stands, staff's note, and sending the video. */
export function ReviewCard({ showId }: { showId: number }) {
  const { data: review, error } = useShowReview(showId);
  const submit = useSubmitForReview(showId);
  const [message, setMessage] = useState("");
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const messageId = useId();
  const refusalId = useId();
  const queryClient = useQueryClient();
  const canSubmit = maySend(review);
  const { data: checked, error: checkError } = usePersonalDetails(showId, canSubmit);
  const keep = useKeepPersonalDetail(showId);
  // A refusal names the findings that held the video back: those are what to fix, until the next change.
  const check = refusal?.personalDetails ?? checked;
  const unresolved = check ? check.findings.filter((f) => !f.kept).length : 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    submit.mutate(
      { message: message.trim() || undefined },
      {
        onSuccess: () => {
          setMessage("");
          toast({ title: "Sent to camp staff" });
        },
        onError: (err) => {
          // The check may have found something new (a new video's captions): show it again.
          void queryClient.invalidateQueries({ queryKey: apiKeys.personalDetails(showId) });
          setRefusal(refusalOf(err));
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle>Camp review</CardTitle>
          {review && <ReviewStateBadge state={review.state} />}
        </div>
        {review && <CardDescription>{EXPLANATIONS[review.state]}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
        {review && <ChangedSinceSent review={review} />}
        {review?.staffNote && review.state === "changes_requested" && (
          <div className="rounded-md border border-red-300 bg-red-50 p-4">
            <p className="font-semibold text-red-900">Note from camp staff</p>
            <p className="whitespace-pre-wrap break-words text-red-900">{review.staffNote}</p>
          </div>
        )}
        {canSubmit && checkError && <p role="alert" className="text-red-800">{errorMessage(checkError)}</p>}
        {canSubmit && check && check.findings.length > 0 && (
          <section aria-labelledby={`${refusalId}-check`} className="grid gap-2">
            <h3 id={`${refusalId}-check`} className="text-lg font-semibold text-slate-900">
              Check for personal details
            </h3>
            <p className="text-slate-800">
              {unresolved > 0
                ? `We found ${unresolved === 1 ? "something" : `${unresolved} things`} that might tell strangers who you are or where to find you. Fix each one, or choose "It's OK to share" if it is a false alarm.`
                : "Everything we found is fixed or marked OK to share. Camp staff will see what you kept."}
            </p>
            <PersonalDetailsList
              check={check}
              camper={{
                showId,
                busy: keep.isPending,
                onKeep: (finding, kept) =>
                  keep.mutate(
                    { kind: finding.kind, phrase: finding.phrase, keep: kept },
                    {
                      onSuccess: () => setRefusal(null),
                      onError: (err) => toast({ title: "Could not save that", description: errorMessage(err), variant: "destructive" }),
                    },
                  ),
              }}
            />
          </section>
        )}
        {canSubmit && (
          <form onSubmit={onSubmit} className="grid gap-2" aria-describedby={refusal ? refusalId : undefined}>
            <Label htmlFor={messageId}>Message for camp staff (optional)</Label>
            <textarea
              id={messageId}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={REVIEW_LIMITS.messageMaxLength}
              rows={2}
              className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            />
            {refusal && (
              <p id={refusalId} role="alert" className="text-red-800">
                {refusal.message}
                {refusal.code === "personal_details" && ` ${PERSONAL_DETAIL_MESSAGES.listedAbove}`}
              </p>
            )}
            <div>
              <Button type="submit" busy={submit.isPending}>
                <Send aria-hidden="true" />
                {submit.isPending ? "Sending..." : review!.state === "waiting" ? "Send the newest video again" : "Send for review"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
