import { ClipboardPen, RefreshCw } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { staffNoteFor } from "../../../../contracts/personal-details-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { PersonalDetailsList } from "../../components/review/PersonalDetailsList.tsx";
import type { Refusal } from "../../api/refusal.ts";
import { apiKeys } from "../../api/keys.ts";

/**
 * Why staff's decision was refused, and the way forward: the personal details the camper has not
 * fixed or kept (the same findings, with the same places, as the camper's list), with a button that
 * writes them into the note for "Request changes"; or, for a newer video, a button to load it.
 */
export function DecisionRefusal({ refusal, id, onWriteNote }: { refusal: Refusal; id: string; onWriteNote(note: string): void }) {
  const queryClient = useQueryClient();
  return (
    <div className="grid gap-3">
      <p id={id} role="alert" className="text-red-800">
        {refusal.message}
      </p>
      {refusal.personalDetails && (
        <>
          <PersonalDetailsList label="Personal details the camper has not fixed or kept" check={refusal.personalDetails} />
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => onWriteNote(staffNoteFor(refusal.personalDetails!.findings))}>
              <ClipboardPen aria-hidden="true" />
              Write them in the note
            </Button>
          </div>
        </>
      )}
      {refusal.code === "video_changed" && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => void queryClient.invalidateQueries({ queryKey: apiKeys.staffShowsDetail })}>
            <RefreshCw aria-hidden="true" />
            Load the new video
          </Button>
        </div>
      )}
    </div>
  );
}
