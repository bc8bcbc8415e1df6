/** A board card's buttons wrap their words (a long name on a 320 px phone) and stay a 44 px target. */
export const cardAction = "h-auto min-h-11 whitespace-normal break-words text-left";
