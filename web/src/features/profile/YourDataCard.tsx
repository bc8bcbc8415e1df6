import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { retentionStatusSchema } from "../../../../contracts/retention.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { getJson } from "../../lib/api.ts";

const formatDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

/**
 * "Your data, yours to take": the archive downloads straight from the server as a stream (a plain
 * link, so a large archive never sits in the page's memory), and the camp's deletion date is shown
 * while it is still to come.
 */
export function YourDataCard() {
  const { data } = useQuery({ queryKey: ["/api/retention"], queryFn: ({ signal }) => getJson("/api/retention", retentionStatusSchema, { signal }) });
  const rule = data?.rule;
  const upcoming = rule && !rule.executedAt ? rule : null;
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
        <div>
          <Button asChild>
            <a href="/api/user/export" download>
              <Download aria-hidden="true" />
              Download my data
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
