import { Printer } from "lucide-react";
import { useParams } from "wouter";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { errorMessage } from "../../api/client.ts";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { SignInCards } from "../../components/staff/SignInCards.tsx";
import { useCabinCards } from "../../api/cards-api.ts";

/**
 * /staff/cabins/:id/cards: a cabin's sheet of sign-in cards. Printing a sheet issues new codes (the server
 * keeps only their hashes, so old codes cannot be shown again): the page says so and asks first.
 */
export function CabinCardsPage() {
  const { id } = useParams<{ id: string }>();
  usePageTitle("Cabin sign-in cards");
  const issue = useCabinCards(id);
  const cards = issue.data;
  const cabin = cards?.[0]?.cabin;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">{cabin ? `Sign-in cards: ${cabin}` : "Cabin sign-in cards"}</h1>
        <StaffNav />
      </header>
      {!cards && (
        <section aria-labelledby="cabin-cards-about" className="grid gap-3">
          <h2 id="cabin-cards-about" className="text-xl font-semibold text-slate-900">
            Print a sheet for this cabin
          </h2>
          <p className="max-w-prose text-slate-800">
            Every camper in the cabin gets a new card with a new code. Their old cards stop working at once, and they are signed out on
            every device (their work is saved).
          </p>
          <ConfirmDialog
            trigger={
              <Button type="button" size="lg" className="justify-self-start">
                Make new cards
              </Button>
            }
            title="Make new cards for the whole cabin?"
            description="Every camper's old card in this cabin will stop working at once. Hand out the new cards before the next session."
            confirmLabel="Make new cards"
            pendingLabel="Making cards..."
            onConfirm={() => issue.mutateAsync()}
            describeError={errorMessage}
          />
        </section>
      )}
      {cards && cards.length === 0 && <p className="text-slate-800">There are no campers in this cabin yet.</p>}
      {cards && cards.length > 0 && (
        <section aria-labelledby="cabin-cards-ready" className="grid gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="cabin-cards-ready" className="text-xl font-semibold text-slate-900">
              {cards.length === 1 ? "1 new card" : `${cards.length} new cards`}
            </h2>
            <Button type="button" size="lg" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print cards
            </Button>
          </div>
          <p role="status" className="text-slate-800">
            The new cards are ready. The old ones no longer work. Print them now: the codes are shown only this once.
          </p>
          <SignInCards cards={cards} />
        </section>
      )}
    </div>
  );
}
