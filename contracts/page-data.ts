/**
 * What the served page carries for the client before it asks the API anything. No schema imports, so the
 * sign-in page can read it without downloading zod.
 */
import type { AppInfo } from "./app-info.ts";
import { PRODUCT_NAME } from "./product.ts";

/** The id of the JSON script element holding the AppInfo (contracts/app-info.ts): the camp's banner. */
export const APP_INFO_ELEMENT_ID = "app-info";

/** The camp banner's line, the same on the app's pages and on a share link's page. */
export function campBannerText(info: Pick<AppInfo, "campTitle" | "campYear">): string {
  return `${info.campTitle} ${info.campYear}`;
}

/**
 * The facts the sign-in page is pre-rendered with at build time, when the camp is not known yet. Its
 * banner line is a placeholder the server replaces with the camp's own when it starts
 * (server/http/web-client.ts), so the markup matches what the client renders when it takes the page over.
 */
export const PRERENDER_APP_INFO: AppInfo = { productName: PRODUCT_NAME, campTitle: "%CAMP_TITLE%", campYear: 0 };

/** The built sign-in page's file, beside index.html in the built client (scripts/prerender.ts writes it). */
export const SIGN_IN_PAGE_FILE = "sign-in.html";

/**
 * The paths whose page is the sign-in page (web/src/app/routes.tsx): the server sends these pre-rendered
 * to a visitor without a session (web/src/prerender.test.tsx hydrates the markup at each).
 */
export const SIGN_IN_PATHS = ["/", "/auth"] as const;
