import { useQuery } from "@tanstack/react-query";
import { appInfoSchema, type AppInfo } from "../../../../contracts/app-info.ts";
import { getJson } from "../../lib/api.ts";

const APP_INFO_URL = "/api/app-info";

export function useAppInfo() {
  return useQuery<AppInfo, Error>({
    queryKey: [APP_INFO_URL],
    queryFn: ({ signal }) => getJson(APP_INFO_URL, appInfoSchema, { signal }),
  });
}
