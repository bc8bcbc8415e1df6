import { errorBodySchema, type RefusalCode } from "../../../../contracts/errors.ts";
import { personalDetailsRefusalSchema, type PersonalDetailsRefusal } from "../../../../contracts/personal-details.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";

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
  const details = personalDetailsRefusalSchema.safeParse(body);
  if (details.success) return { message, code: "personal_details", personalDetails: { findings: details.data.findings, texts: details.data.texts } };
  const plain = errorBodySchema.safeParse(body);
  return { message, code: plain.success ? (plain.data.code ?? null) : null, personalDetails: null };
}
