import { Copy, Link2, Printer, XCircle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { DEFAULT_SHARE_DAYS, SHARE_DAYS, type ShareDays } from "../../../../contracts/shares-constants.ts";
import type { CreatedShare, ShareLink } from "../../../../contracts/shares.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { refusalOf, type Refusal } from "../../api/refusal.ts";
import { QrCode } from "./QrCode.tsx";
import { ShareRefusal } from "./ShareRefusal.tsx";
import { useCreateShare, useRevokeShare, useShowShares, type ShareActor } from "../../api/share-api.ts";

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" });
const DAY_LABELS: Record<ShareDays, string> = { 1: "1 day", 7: "7 days", 30: "30 days" };
const STATE_LABELS: Record<ShareLink["state"], string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

/** The card to print or send: the link, its QR code and when it ends. The token is only known here, once. */
function PrintableLink({ created, title }: { created: CreatedShare; title: string }) {
  const url = `${window.location.origin}${created.path}`;
  const linkId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied" });
    } catch {
      toast({ title: "Could not copy: select the link and copy it yourself", variant: "destructive" });
    }
  };
  return (
    <div className="grid gap-3">
      <div className="share-print-card grid justify-items-center gap-3 rounded-lg border border-slate-300 bg-white p-6 text-center" data-testid="share-print-card">
        <p className="text-lg font-semibold text-lake-900">Watch “{title}”</p>
        <QrCode text={url} label={`QR code for the link to “${title}”`} />
        <label htmlFor={linkId} className="text-sm text-slate-700">
          Scan the code or type this link
        </label>
        <input id={linkId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="min-h-11 w-full max-w-md rounded-md border border-slate-400 px-2 py-1 text-center font-mono text-sm" />
        <p className="text-sm text-slate-700">Works until {dateOf(created.share.expiresAt)}. Please keep it within your family.</p>
      </div>
      <p className="text-sm text-slate-700">This is the only time the link is shown: copy or print it now. You can always make a new one.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print card
        </Button>
      </div>
    </div>
  );
}

/** Turning a link off cannot be undone (whoever has it sees "no longer shared"): it is confirmed first. */
function RevokeButton({ link, busy, onRevoke }: { link: ShareLink; busy: boolean; onRevoke: (link: ShareLink) => Promise<unknown> }) {
  const made = dateOf(link.createdAt);
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" size="sm" busy={busy} aria-label={`Revoke the link made ${made}`}>
          <XCircle aria-hidden="true" />
          Revoke
        </Button>
      }
      title="Turn this link off?"
      description={`Anyone who has the link made ${made} will see "This video is no longer shared". You can't turn it back on, but you can make a new link.`}
      confirmLabel="Turn the link off"
      pendingLabel="Turning it off..."
      cancelLabel="Keep the link"
      onConfirm={() => onRevoke(link)}
    />
  );
}

const HEADINGS: Record<ShareActor, { title: string; description: string }> = {
  camper: {
    title: "Share with family",
    description: "A private link anyone you give it to can watch, without an account. Your username is never shown.",
  },
  staff: {
    title: "Family share links",
    description: "The links to this show's approved video and how often each was opened. You can turn a link off; the camper makes the links.",
  },
};

/**
 * Private share links of a show. Campers make one (1, 7 or 30 days), print its card with a QR code,
 * see how often each link was opened and revoke it; staff see the same links and may revoke them.
 */
export function ShareCard({ showId, title, actor = "camper" }: { showId: number; title: string; actor?: ShareActor }) {
  const { data, error } = useShowShares(actor, showId);
  const create = useCreateShare(actor, showId);
  const revoke = useRevokeShare(actor, showId);
  const [days, setDays] = useState<ShareDays>(DEFAULT_SHARE_DAYS);
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const headingId = useId();

  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    create.mutate(
      { days },
      {
        onSuccess: (made) => setCreated(made),
        // Said next to the button, with what to fix: a toast would go before the camper could act on it.
        onError: (err) => setRefusal(refusalOf(err)),
      },
    );
  };
  const onRevoke = (link: ShareLink) =>
    revoke.mutateAsync(link.id).then(
      () => {
        if (created?.share.id === link.id) setCreated(null);
        toast({ title: "Link turned off" });
      },
      (err: unknown) => toast({ title: "Could not turn the link off", description: errorMessage(err), variant: "destructive" }),
    );
  const heading = HEADINGS[actor];

  return (
    <Card as="section" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{heading.title}</CardTitle>
        <CardDescription>{heading.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
        {actor === "camper" && data && !data.canShare && <p className="text-slate-800">{data.reason}</p>}
        {actor === "staff" && data && data.links.length === 0 && <p className="text-slate-800">No share links yet.</p>}
        {actor === "camper" && data?.canShare && (
          <form onSubmit={onCreate} className="grid gap-3">
            <fieldset className="flex flex-wrap items-center gap-4">
              <legend className="mb-2 font-medium">The link works for</legend>
              {SHARE_DAYS.map((d) => (
                <label key={d} className="flex min-h-11 items-center gap-2">
                  <input type="radio" name={`share-days-${showId}`} value={d} checked={days === d} onChange={() => setDays(d)} className="size-4" />
                  {DAY_LABELS[d]}
                </label>
              ))}
            </fieldset>
            <div>
              <Button type="submit" busy={create.isPending}>
                <Link2 aria-hidden="true" />
                {create.isPending ? "Making the link..." : "Make a share link"}
              </Button>
            </div>
          </form>
        )}
        {refusal && <ShareRefusal refusal={refusal} showId={showId} actor={actor} onCleared={() => setRefusal(null)} />}
        {created && <PrintableLink created={created} title={title} />}
        {data && data.links.length > 0 && (
          <div className="grid gap-2">
            <h3 className="font-semibold">Links</h3>
            <ul className="grid gap-2">
              {data.links.map((link) => (
                <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
                  <span>
                    <span className="font-medium">{STATE_LABELS[link.state]}</span>
                    {` · made ${dateOf(link.createdAt)} · `}
                    {link.state === "revoked" ? `turned off ${dateOf(link.revokedAt!)}` : `${link.state === "active" ? "ends" : "ended"} ${dateOf(link.expiresAt)}`}
                    {" · "}
                    <span data-testid={`share-views-${link.id}`}>{link.views === 1 ? "1 view" : `${link.views} views`}</span>
                  </span>
                  {link.state === "active" && <RevokeButton link={link} busy={revoke.isPending} onRevoke={onRevoke} />}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
