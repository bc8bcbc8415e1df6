import answerSets from "./writer-answer-sets.json" with { type: "json" };

/**
 * Answer sets as campers write them to the five reflection prompts (what is the camp, favourite
 * project, best moment, a tool or trick, next summer): short, long, full of lists, names, questions,
 * emoji, one-word answers, sign-offs of their own. The offline writer's test and `npm run bench:ai`
 * check every draft of every set sentence by sentence, so their figures are about the same answers.
 * The answers themselves are data, kept in writer-answer-sets.json.
 */
export interface AnswerSet {
  name: string;
  responses: string[];
}

export const ANSWER_SETS: readonly AnswerSet[] = answerSets;
