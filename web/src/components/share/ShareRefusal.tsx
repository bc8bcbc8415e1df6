import { useId } from "react";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { PersonalDetailsList } from "../review/PersonalDetailsList.tsx";
import { useKeepPersonalDetail } from "../../api/review-api.ts";
import type { Refusal } from "../../api/refusal.ts";
import type { ShareActor } from "../../api/share-api.ts";

/**
 * Why a link was not made, next to the button: the server's words and, when personal details held it
 * back, each one with "Fix it" (the camper) or where it stands (staff, who cannot change a show).
 * Keeping a false alarm clears the refusal, so the camper can make the link again.
 */
export function ShareRefusal({ refusal, showId, actor, onCleared }: { refusal: Refusal; showId: number; actor: ShareActor; onCleared(): void }) {
  const keep = useKeepPersonalDetail(showId);
  const messageId = useId();
  return (
    <div className="grid gap-3" role="group" aria-labelledby={messageId}>
      <p id={messageId} role="alert" className="text-red-800">
        {refusal.message}
      </p>
      {refusal.personalDetails && (
        <PersonalDetailsList
          label="Personal details to fix before sharing"
          check={refusal.personalDetails}
          camper={
            actor === "camper"
              ? {
                  showId,
                  busy: keep.isPending,
                  onKeep: (finding, kept) =>
                    keep.mutate(
                      { kind: finding.kind, phrase: finding.phrase, keep: kept },
                      {
                        onSuccess: onCleared,
                        onError: (err) => toast({ title: "Could not save that", description: errorMessage(err), variant: "destructive" }),
                      },
                    ),
                }
              : undefined
          }
        />
      )}
    </div>
  );
}
