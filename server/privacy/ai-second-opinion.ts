import type OpenAI from "openai";
import { lazyOpenAiClient } from "../ai/openai-sdk.ts";
import { z } from "zod";
import { PERSONAL_DETAIL_KINDS, type PersonalDetailField } from "../../contracts/personal-details.ts";
import type { Detection } from "./personal-details.ts";

/**
 * The configured AI provider (any OpenAI-compatible server) as a second opinion on the rules: it may
 * catch what word lists cannot ("I go to Jefferson"). It only adds findings, each one a phrase it copied
 * from the text (anything it did not copy is ignored), and a provider that fails or is slow leaves the
 * rules' answer as it was: the check never waits on the network to say no.
 */
export interface SecondOpinion {
  /** Who gives the opinion (the provider's address and model): the same texts asked of it give the same answer. */
  readonly identity: string;
  find(texts: Record<PersonalDetailField, string>, signal?: AbortSignal): Promise<SecondOpinionFinding[]>;
}

export type SecondOpinionFinding = Detection & { field: PersonalDetailField };

export interface OpenAiSecondOpinionConfig {
  apiKey?: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
}

const answerSchema = z.object({
  findings: z.array(z.object({ kind: z.enum(PERSONAL_DETAIL_KINDS), phrase: z.string().min(1).max(300) }).loose()).max(50),
});

const INSTRUCTIONS =
  "You check the title, script and captions of a video made by a child (11-14) at a summer camp before it is shared with families. " +
  "Find personal details a child should not broadcast: phone numbers (phone), e-mail addresses (email), street addresses (address), " +
  "social media names or handles (handle), a person's first and last name together (full_name), names of schools (school), " +
  "and a person's name given with their age (age). First names alone, the camp's name, places at camp, famous people and book or song titles are fine. " +
  'Answer with JSON only: {"findings":[{"kind":"phone","phrase":"words copied exactly from the text"}]}; {"findings":[]} when there are none.';

export class OpenAiSecondOpinion implements SecondOpinion {
  private readonly client: () => Promise<OpenAI>;

  readonly identity: string;

  constructor(private readonly config: OpenAiSecondOpinionConfig) {
    this.identity = `${config.baseURL ?? "openai"} ${config.model}`;
    // A second opinion is worth one try: the rules have already answered.
    this.client = lazyOpenAiClient({ ...config, timeoutMs: Math.min(config.timeoutMs, 15_000), maxRetries: 0 });
  }

  async find(texts: Record<PersonalDetailField, string>, signal?: AbortSignal) {
    const completion = await (await this.client()).chat.completions.create(
      {
        model: this.config.model,
        messages: [
          { role: "system", content: INSTRUCTIONS },
          { role: "user", content: JSON.stringify(texts) },
        ],
        temperature: 0,
        max_tokens: 600,
      },
      { signal },
    );
    return locate(parseAnswer(completion.choices[0]?.message?.content ?? ""), texts);
  }
}

/** The JSON object in the model's answer (models like to wrap it in prose or a code fence). */
export function parseAnswer(content: string): z.infer<typeof answerSchema>["findings"] {
  const json = content.slice(content.indexOf("{"), content.lastIndexOf("}") + 1);
  if (!json) return [];
  try {
    const parsed = answerSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.findings : [];
  } catch {
    return [];
  }
}

/** Every place each phrase occurs, in whichever field holds it; a phrase found nowhere is dropped. */
function locate(findings: z.infer<typeof answerSchema>["findings"], texts: Record<PersonalDetailField, string>) {
  const out: SecondOpinionFinding[] = [];
  for (const f of findings) {
    const phrase = f.phrase.trim();
    if (!phrase) continue;
    for (const field of Object.keys(texts) as PersonalDetailField[]) {
      const lower = texts[field].toLowerCase();
      for (let at = lower.indexOf(phrase.toLowerCase()); at >= 0; at = lower.indexOf(phrase.toLowerCase(), at + phrase.length)) {
        out.push({ kind: f.kind, phrase: texts[field].slice(at, at + phrase.length), start: at, end: at + phrase.length, field });
      }
    }
  }
  return out;
}
