/**
 * A sign-off: the line that ends a video ("Thanks for watching!", "See you next summer!"). A draft
 * says one, at the end: the camper's own when they wrote one, else the tone's.
 */
const SIGN_OFF =
  /\b(?:thanks?(?: you)?(?: (?:so|very) much)?(?: (?:for|to you) (?:watching|listening|reading|hanging|following|learning|your time|tuning|coming|joining|stopping)|[.!,]|$)|see (?:you|ya)(?: all)? (?:next|soon|later|again|around|there)|(?:good)?bye\b|stay awesome|keep creating|peace out|until next time|signing off|that's all for now)/iu;

export function isSignOff(sentence: string): boolean {
  return SIGN_OFF.test(sentence.replace(/[\u2018\u2019]/g, "'"));
}
