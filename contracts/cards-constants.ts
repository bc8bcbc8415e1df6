/**
 * The zod-free part of contracts/cards.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

/** The path a card's QR code opens; the code rides in the fragment, which browsers never send to a server. */
export const CARD_PATH = "/card";

export const cardUrl = (origin: string, code: string) => `${origin}${CARD_PATH}#${code}`;
