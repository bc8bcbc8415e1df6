import { Printer } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button.tsx";
import { useStaffCabins } from "../../api/board-api.ts";
import { cardAction } from "./card-action.ts";

/**
 * "Print sign-in cards for <Cabin>" for each cabin the staff member reaches (a counselor: their own; the
 * director: every cabin, or the one chosen in the filter). Each opens the cabin's sheet, which asks first
 * since old cards stop working. Near the top of the board so a phone finds it without scrolling past
 * every camper; several cabins fold into one disclosure.
 */
export function PrintCardsLinks({ cabinId }: { cabinId?: number }) {
  const { data } = useStaffCabins();
  // A cabin without campers has no cards to print.
  const cabins = (data ?? []).filter((c) => c.campers > 0 && (cabinId === undefined || c.id === cabinId));
  if (cabins.length === 0) return null;

  const links = (
    <ul aria-label="Sign-in cards" className="flex flex-wrap gap-2">
      {cabins.map((c) => (
        <li key={c.id}>
          <Button asChild variant="outline" className={cardAction}>
            <Link href={`/staff/cabins/${c.id}/cards`}>
              <Printer aria-hidden="true" />
              Print sign-in cards for {c.name}
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
  if (cabins.length === 1) return links;
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2.5 leading-6 font-semibold text-slate-900">
        Print sign-in cards ({cabins.length} cabins)
      </summary>
      <div className="pt-2">{links}</div>
    </details>
  );
}
