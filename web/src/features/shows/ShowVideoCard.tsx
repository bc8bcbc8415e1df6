import { videoFormatFor } from "../../../../contracts/product.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FinishedVideo } from "../../components/render/FinishedVideo.tsx";
import { useShowRenders } from "../../api/use-render.ts";

/**
 * The show's finished video, with its captions track, when a render of the show's current choices,
 * clips and script exists (the server marks it `current`): the same video every Download .mp4 gives.
 * An older render made from other choices is not shown, so the page never plays a video the camper
 * has since changed.
 */
export function ShowVideoCard({ show }: { show: Pick<Show, "id" | "title" | "videoFormat"> }) {
  // Fetched fresh each time the page opens: choices and trims change in the editor without touching this list.
  const renders = useShowRenders(show.id, { fresh: true });
  const current = renders.data?.find((r) => r.current && r.status === "done" && r.mediaUrl);
  const format = videoFormatFor(show.videoFormat);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Final video</CardTitle>
        {!current && renders.isSuccess && (
          <CardDescription>
            No finished video for this show's current choices yet. Download .mp4 makes it, or render it in the editor.
          </CardDescription>
        )}
      </CardHeader>
      {current && (
        <CardContent>
          <FinishedVideo job={current} aspectRatio={format.aspectRatio} label={`Finished video of ${show.title}`} />
        </CardContent>
      )}
    </Card>
  );
}
