import { cardUrl } from "../../../../contracts/cards-constants.ts";
import { qrSvgPath } from "../../lib/qr-svg.ts";

export interface PrintableCard {
  firstName: string;
  cabin: string | null;
  session: string | null;
  code: string;
  /** Shown small, for a camper who later adds a password and signs in by name. */
  username?: string;
}

/** Cards per printed page: two across, four down, on A4 and Letter alike (styles.css sizes them). */
export const CARDS_PER_PAGE = 8;

function QrImage({ text, label }: { text: string; label: string }) {
  const { size, path } = qrSvgPath(text);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="size-28 shrink-0" shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

function SignInCard({ card, origin }: { card: PrintableCard; origin: string }) {
  const where = [card.cabin, card.session].filter(Boolean).join(" · ");
  return (
    <article
      aria-label={`Sign-in card for ${card.firstName}`}
      className="sign-in-card flex items-center gap-4 rounded-lg border-2 border-dashed border-slate-400 bg-white p-4 text-slate-900"
    >
      <QrImage text={cardUrl(origin, card.code)} label={`QR code that signs ${card.firstName} in`} />
      <div className="grid min-w-0 gap-1">
        <p className="truncate text-2xl font-bold">{card.firstName}</p>
        {where && <p className="text-base text-slate-800">{where}</p>}
        <p className="text-sm text-slate-800">Scan the code, or sign in with “My Card” and type:</p>
        <p className="font-mono text-3xl font-bold tracking-widest" data-testid="card-code">
          {card.code}
        </p>
        {card.username && <p className="text-xs text-slate-800">Username: {card.username}</p>}
      </div>
    </article>
  );
}

/**
 * Printable sign-in cards (decision 027b): each with the camper's first name, cabin and session, a QR code
 * that opens `${origin}/card#CODE` (the code in the fragment, never sent to the server) and the code in
 * large monospaced type. Grouped eight to a sheet, so printing puts a page break after every eighth card;
 * only the cards go on paper (styles.css hides the rest of the page).
 */
export function SignInCards({ cards, origin = window.location.origin }: { cards: PrintableCard[]; origin?: string }) {
  const sheets: PrintableCard[][] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_PAGE) sheets.push(cards.slice(i, i + CARDS_PER_PAGE));
  return (
    <div className="sign-in-cards grid gap-4" data-testid="sign-in-cards">
      {sheets.map((sheet, index) => (
        <section key={index} aria-label={sheets.length > 1 ? `Sheet ${index + 1} of ${sheets.length}` : "Sign-in cards"} className="sign-in-sheet grid gap-4 lg:grid-cols-2">
          {sheet.map((card) => (
            <SignInCard key={card.code} card={card} origin={origin} />
          ))}
        </section>
      ))}
    </div>
  );
}
