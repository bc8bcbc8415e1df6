import { Printer, RefreshCw } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { errorMessage } from "../../api/client.ts";
import { SignInCards } from "./SignInCards.tsx";
import { useReissueCard } from "../../api/cards-api.ts";

/**
 * "New sign-in card" for one camper (a lost card, a code someone else saw): asks first, since the old
 * card stops working and the camper is signed out everywhere, then shows the new card to print. The
 * code is shown only here, once.
 */
export function ReissueCardButton({ camperId, firstName }: { camperId: number; firstName: string }) {
  const reissue = useReissueCard(camperId);
  const card = reissue.data;

  return (
    <div className="grid gap-3">
      <ConfirmDialog
        trigger={
          <Button type="button" variant="outline" className="min-h-11 justify-self-start">
            <RefreshCw aria-hidden="true" />
            New sign-in card
          </Button>
        }
        title={`New sign-in card for ${firstName}?`}
        description={`${firstName}'s old card will stop working at once, and ${firstName} will be signed out on every device. Their work is saved.`}
        confirmLabel="Make a new card"
        pendingLabel="Making the card..."
        onConfirm={() => reissue.mutateAsync()}
        describeError={errorMessage}
      />
      {card && (
        <div className="grid gap-3">
          <p role="status" className="text-slate-800">
            {firstName}'s new card is ready. The old one no longer works.
          </p>
          <SignInCards cards={[card]} />
          <Button type="button" variant="outline" className="min-h-11 justify-self-start" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print card
          </Button>
        </div>
      )}
    </div>
  );
}
