/**
 * The zod-free part of contracts/data-export.ts (which re-exports it): constants, texts and helpers the client
 * imports without downloading zod (decision 029a). The schemas build from these same values.
 */

export const EXPORT_RATE_MESSAGE = "You have downloaded your data several times this hour. Please try again later.";
