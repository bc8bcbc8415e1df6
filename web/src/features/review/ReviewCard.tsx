import { Send } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { REVIEW_LIMITS } from "../../../../contracts/reviews.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { toast } from "../../hooks/use-toast.ts";
import { errorMessage } from "../../lib/api.ts";
import { ReviewStateBadge } from "./ReviewStateBadge.tsx";
import { useShowReview, useSubmitForReview } from "./review-api.ts";

const EXPLANATIONS = {
  draft: "Make the final video (Download .mp4) first. Then camp staff can watch it.",
  video_ready: "Your video is ready. Send it to camp staff: once they approve it, you can share it with your family.",
  waiting: "Camp staff will watch your video soon.",
  approved: "Camp staff approved this video.",
  changes_requested: "Camp staff asked for a change. Make a new video, then send it again.",
} as const;

/** The camper's side of review: where the show stands, staff's note, and sending the video. */
export function ReviewCard({ showId }: { showId: number }) {
  const { data: review, error } = useShowReview(showId);
  const submit = useSubmitForReview(showId);
  const [message, setMessage] = useState("");
  const messageId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(
      { message: message.trim() || undefined },
      {
        onSuccess: () => {
          setMessage("");
          toast({ title: "Sent to camp staff" });
        },
        onError: (err) => toast({ title: "Could not send for review", description: errorMessage(err), variant: "destructive" }),
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
        {review?.staffNote && review.state === "changes_requested" && (
          <div className="rounded-md border border-red-300 bg-red-50 p-4">
            <p className="font-semibold text-red-900">Note from camp staff</p>
            <p className="whitespace-pre-wrap break-words text-red-900">{review.staffNote}</p>
          </div>
        )}
        {review && (review.state === "video_ready" || review.state === "changes_requested" || review.state === "waiting") && (
          <form onSubmit={onSubmit} className="grid gap-2">
            <Label htmlFor={messageId}>Message for camp staff (optional)</Label>
            <textarea
              id={messageId}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={REVIEW_LIMITS.messageMaxLength}
              rows={2}
              className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
            />
            <div>
              <Button type="submit" disabled={submit.isPending}>
                <Send aria-hidden="true" />
                {submit.isPending ? "Sending..." : review.state === "waiting" ? "Send the newest video again" : "Send for review"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
