/**
 * Stand-in for the sign-in card sheet (Helper B's component replaces this file at merge): one card per
 * camper with their first name, cabin, session and the code to type. Same props as the real one.
 */
export interface SignInCard {
  firstName: string;
  cabin: string;
  session: string;
  code: string;
}

export function SignInCards({ cards }: { cards: SignInCard[] }) {
  return (
    <ul aria-label="Sign-in cards" className="grid grid-cols-1 gap-4 sm:grid-cols-2 print:grid-cols-2">
      {cards.map((card) => (
        <li key={card.code} className="break-inside-avoid rounded-lg border-2 border-dashed border-slate-500 p-4 text-slate-900">
          <p className="text-2xl font-bold">{card.firstName}</p>
          <p>
            {card.cabin} · {card.session}
          </p>
          <p className="mt-2 font-mono text-2xl tracking-widest">{card.code}</p>
        </li>
      ))}
    </ul>
  );
}
