/** A failure the camper (or, for a reel, staff) can act on, stored as the job's message. */
export class RenderFailure extends Error {}

/**
 * Work ahead of the camper stops where it would reach another server (the OpenAI voice, a transcription
 * endpoint): the camper's own Render does that step, under its limits, when they ask for the video.
 */
export class NotAhead extends Error {}
