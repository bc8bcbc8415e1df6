import { useQuery } from "@tanstack/react-query";
import type { AppInfo } from "../../../../contracts/app-info.ts";

export function useAppInfo() {
  return useQuery<AppInfo>({ queryKey: ["/api/app-info"] });
}
