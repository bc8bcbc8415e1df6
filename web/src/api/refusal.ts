import { REFUSAL_CODES, type RefusalCode } from "../../../contracts/errors-constants.ts";
import type { PersonalDetailsRefusal } from "../../../contracts/personal-details.ts";
import { ApiError, errorMessage } from "./client.ts";

/** A refused action as a screen shows it: the message, why (when the server said), and what to fix. */
export interface Refusal {
  message: string;
  code: RefusalCode | null;
  /** The open personal-details findings, with the texts their places point into. */
  personalDetails: Pick<PersonalDetailsRefusal, "findings" | "texts"> | null;
}

function bodyOf(error: ApiError): unknown {
  try {
    return JSON.parse(error.bodyText);
  } catch {
    return null;
  }
}

/** Reads any error thrown by an API call: a refusal's code and findings when its body carries them. */
export function refusalOf(error: unknown): Refusal {
  const message = errorMessage(error);
  if (!(error instanceof ApiError)) return { message, code: null, personalDetails: null };
  const body = bodyOf(error);
  // The server words every refusal through contracts/errors.ts (and a personal-details one through
  // contracts/personal-details.ts); what is checked here is what the screen reads, so a proxy's page
  // or an unknown code reads as a plain message.
  if (typeof body !== "object" || body === null) return { message, code: null, personalDetails: null };
  const { code, findings, texts } = body as Record<string, unknown>;
  const known = REFUSAL_CODES.find((refusal) => refusal === code) ?? null;
  if (known === "personal_details" && Array.isArray(findings) && typeof texts === "object" && texts !== null) {
    return { message, code: known, personalDetails: { findings, texts } as Refusal["personalDetails"] };
  }
  return { message, code: known, personalDetails: null };
}
