/**
 * What the served page carries for the client before it asks the API anything. No imports (zod
 * included), so the sign-in page can read it without downloading a schema library.
 */

/** The id of the JSON script element holding the AppInfo (contracts/app-info.ts): the camp's banner. */
export const APP_INFO_ELEMENT_ID = "app-info";
