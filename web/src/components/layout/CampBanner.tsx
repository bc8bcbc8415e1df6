import { Sun } from "lucide-react";
import { campBannerText } from "../../../../contracts/page-data.ts";
import { useAppInfo } from "../../api/app-info.ts";

export function CampBanner() {
  const { data } = useAppInfo();
  return (
    <div className="bg-brand-700 px-4 py-1.5 text-center text-sm font-semibold text-white">
      <Sun aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px]" />
      {data ? campBannerText(data) : "\u00a0"}
    </div>
  );
}
