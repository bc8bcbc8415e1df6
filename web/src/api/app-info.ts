import { useQuery } from "@tanstack/react-query";
import type { AppInfo } from "../../../contracts/app-info.ts";
import { APP_INFO_ELEMENT_ID } from "../../../contracts/page-data.ts";
import { getJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

const APP_INFO_URL = "/api/app-info";

/**
 * The facts the served page carries (server/http/web-client.ts writes them from the same AppInfo the
 * API answers with), or undefined when it carries none or something else.
 */
export function appInfoFromPage(): AppInfo | undefined {
  const text = document.getElementById(APP_INFO_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const info: unknown = JSON.parse(text);
    if (typeof info !== "object" || info === null) return undefined;
    const { productName, campTitle, campYear } = info as Record<string, unknown>;
    if (typeof productName !== "string" || typeof campTitle !== "string" || typeof campYear !== "number") return undefined;
    return { productName, campTitle, campYear };
  } catch {
    return undefined;
  }
}

export function useAppInfo() {
  return useQuery<AppInfo, Error>({
    queryKey: apiKeys.appInfo,
    queryFn: ({ signal }) => getJson<AppInfo>(APP_INFO_URL, { signal }),
    // The page's own copy answers at once; the query asks the API only without one.
    initialData: appInfoFromPage,
  });
}
