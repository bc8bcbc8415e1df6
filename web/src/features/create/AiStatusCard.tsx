import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Clock, RefreshCw, XCircle } from "lucide-react";
import { useEffect } from "react";
import type { AiStatus } from "../../../../contracts/ai.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { getJson } from "../../api/client.ts";
import { cn } from "../../lib/utils.ts";
import { apiKeys } from "../../api/keys.ts";

export const STATUS_CHECK_FAILED = "Failed to check API status";
/** Every field the card reads: an answer without one (an older server, a proxy's page) is a failed check. */
const STATUS_FIELDS: readonly (keyof AiStatus)[] = ["status", "message", "available", "model", "errorCode", "provider"];

const PROVIDER_NAMES: Record<string, string> = {
  offline: "Built-in offline writer",
  builtin: "Built-in offline writer",
  "built-in": "Built-in offline writer",
  openai: "OpenAI",
};

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider.toLowerCase()] ?? provider;
}

// One toast per check: not again for a cached result when the card is shown a second time.
const toastedAt = { data: 0, error: 0 };

type Badge = "ready" | "unavailable" | "rateLimited" | "checking";

function badgeFor(status: AiStatus | undefined, failed: boolean): Badge {
  if (status?.errorCode === 429) return "rateLimited";
  if (failed) return "unavailable";
  if (!status) return "checking";
  return status.status === "ok" && status.available ? "ready" : "unavailable";
}

const BADGES: Record<Badge, { label: string; className: string; Icon: typeof CheckCircle2 }> = {
  ready: { label: "Ready", className: "border-green-700 bg-green-50 text-green-900", Icon: CheckCircle2 },
  unavailable: { label: "Unavailable", className: "border-red-700 bg-red-50 text-red-800", Icon: XCircle },
  rateLimited: { label: "Rate Limited", className: "border-amber-700 bg-amber-50 text-amber-900", Icon: Clock },
  checking: { label: "Checking...", className: "border-slate-400 bg-slate-50 text-slate-700", Icon: RefreshCw },
};

/**
 * The Create screen's AI service status: which writer is answering, whether it's ready, and what
 * to do when the provider is rate limiting. Checked once when shown, and again on request.
 */
export function AiStatusCard({ className }: { className?: string }) {
  const { data, error, isFetching, refetch, dataUpdatedAt, errorUpdatedAt } = useQuery<AiStatus, Error>({
    queryKey: apiKeys.aiStatus,
    queryFn: ({ signal }) => getJson<AiStatus>(apiKeys.aiStatus[0], { signal, fields: STATUS_FIELDS }),
  });

  useEffect(() => {
    if (data?.status === "error" && dataUpdatedAt > toastedAt.data) {
      toastedAt.data = dataUpdatedAt;
      toast({ title: "OpenAI API Issue", description: data.message, variant: "destructive" });
    }
  }, [data, dataUpdatedAt]);
  useEffect(() => {
    if (error && errorUpdatedAt > toastedAt.error) {
      toastedAt.error = errorUpdatedAt;
      toast({ title: "Connection Error", description: "Could not check OpenAI API status", variant: "destructive" });
    }
  }, [error, errorUpdatedAt]);

  // The latest result wins: a failed re-check hides the old status.
  const failed = error !== null && errorUpdatedAt >= dataUpdatedAt;
  const status = failed ? undefined : data;
  const badge = badgeFor(status, failed);
  const { label, className: badgeClass, Icon } = BADGES[badge];
  const message = failed ? STATUS_CHECK_FAILED : status?.message;

  return (
    <Card className={className}>
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="text-lg">AI service status</CardTitle>
          <span
            data-testid="ai-status-badge"
            className={cn("inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold", badgeClass)}
          >
            <Icon aria-hidden="true" className="size-3.5" />
            {label}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div aria-live="polite" className="grid gap-1">
          {status && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-700">Writer</dt>
              <dd className="font-medium text-slate-900">{providerName(status.provider)}</dd>
              <dt className="text-slate-700">Model</dt>
              <dd className="break-all font-medium text-slate-900">{status.model}</dd>
            </dl>
          )}
          {message && <p className={cn(failed || status?.status === "error" ? "text-red-800" : "text-slate-700")}>{message}</p>}
          {!status && !failed && <p className="text-slate-700">Checking the AI service...</p>}
        </div>

        {badge === "rateLimited" && (
          <div role="note" aria-label="Rate limit tips" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle aria-hidden="true" className="size-4" />
              The AI is getting too many requests
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Wait 1-2 minutes, then try again.</li>
              <li>Ask for new narrations less often.</li>
              <li>Consider upgrading the AI provider plan.</li>
              <li>Check the usage page on the provider's dashboard.</li>
            </ul>
          </div>
        )}

        <div>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RefreshCw aria-hidden="true" className={cn(isFetching && "animate-spin")} />
            {isFetching ? "Checking..." : "Check again"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
