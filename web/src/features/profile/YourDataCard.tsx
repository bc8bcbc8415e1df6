import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId } from "react";
import { EXPORT_RATE_MESSAGE } from "../../../../contracts/data-export-constants.ts";
import type { ExportAllowance } from "../../../../contracts/data-export.ts";
import type { RetentionStatus } from "../../../../contracts/retention.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { getJson } from "../../api/client.ts";
import { apiKeys } from "../../api/keys.ts";


/** "in 42 minutes", "in 1 minute", "in under a minute". */
function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds < 60) return "in under a minute";
  return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
}

const formatDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

/**
 * "Your data, yours to take": the archive downloads straight from the server as a stream (a plain
 * link, so a large archive never sits in the page's memory), and the camp's deletion date is shown
 * while it is still to come.
 */
export function YourDataCard() {
  const { data } = useQuery({ queryKey: apiKeys.retention, queryFn: ({ signal }) => getJson<RetentionStatus>("/api/retention", { signal }) });
  const rule = data?.rule;
  const upcoming = rule && !rule.executedAt ? rule : null;
  const queryClient = useQueryClient();
  const waitId = useId();
  const allowance = useQuery({
    queryKey: apiKeys.exportAllowance,
    queryFn: ({ signal }) => getJson<ExportAllowance>("/api/user/export/allowance", { signal }),
    // Asked again when the camper comes back to the tab, and when a used-up hour is over.
    refetchOnWindowFocus: true,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.remaining === 0 ? Math.max(5, query.state.data.resetInSeconds) * 1000 : false),
  });
  const usedUp = allowance.data?.remaining === 0;
  // The download is counted by the server when it starts; the screen counts it at the click.
  const counted = () =>
    queryClient.setQueryData<ExportAllowance>(apiKeys.exportAllowance, (now) =>
      now ? { remaining: Math.max(0, now.remaining - 1), resetInSeconds: now.resetInSeconds || 3600 } : now,
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Everything the app keeps about you, yours to take: your shows, scripts, clips, voice and videos in one zip file.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {upcoming && (
          <p role="note" data-testid="retention-notice" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
            Your camp deletes campers' clips, voice recordings and videos on <strong>{formatDay(upcoming.deleteAt)}</strong>. Your account and
            scripts stay. Download your data before then to keep them.
          </p>
        )}
        <div className="grid justify-items-start gap-2">
          {usedUp ? (
            <>
              <Button disabled aria-describedby={waitId}>
                <Download aria-hidden="true" />
                Download my data
              </Button>
              <p id={waitId} data-testid="export-wait" className="text-sm text-slate-800">
                {EXPORT_RATE_MESSAGE} You can download it again {waitInWords(allowance.data?.resetInSeconds ?? 3600)}.
              </p>
            </>
          ) : (
            <Button asChild>
              <a href="/api/user/export" download onClick={counted}>
                <Download aria-hidden="true" />
                Download my data
              </a>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
