/**
 * STAND-IN until Helper B's sign-in cards merge: their ReissueCardButton replaces this file (same path,
 * same props). The cabin board already places it on every camper's card; this stand-in shows nothing,
 * so no button promises what the app cannot do yet.
 */
export function ReissueCardButton(_props: { camperId: number; firstName: string }) {
  return null;
}
