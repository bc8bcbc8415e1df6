import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2, Mic, RotateCcw, Save, ShieldCheck, Square, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { VOICE_SAMPLE_MAX_SECONDS } from "../../../../contracts/product.ts";
import type { VoiceSample } from "../../../../contracts/voice.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { errorMessage } from "../../api/client.ts";
import { formatClock } from "../../lib/time-format.ts";
import {
  deleteVoiceSample,
  sampleMediaUrl,
  saveVoiceSample,
  useVoiceSample,
} from "../../api/voice-api.ts";
import { useVoiceRecorder, type RecordedSample } from "./use-voice-recorder.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { objectUrl, releaseObjectUrl } from "../../lib/object-url.ts";
import { apiKeys } from "../../api/keys.ts";

export const VOICE_ADVICE = `For the best sample, record at least ${VOICE_SAMPLE_MAX_SECONDS} seconds, in a quiet place.`;

interface PendingRecording extends RecordedSample {
  url: string | null;
}

function formatSavedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function DeleteSampleButton() {
  const queryClient = useQueryClient();
  const remove = useMutation<void, Error, void>({
    mutationFn: deleteVoiceSample,
    onSuccess: () => {
      queryClient.setQueryData(apiKeys.voiceSample, null);
      toast({ title: "Voice sample deleted" });
    },
    onError: (error) => {
      toast({ title: "Failed to delete voice sample", description: errorMessage(error), variant: "destructive" });
    },
  });

  // Stays open while the request runs; success or failure closes it.
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Delete sample
        </Button>
      }
      title="Delete your voice sample?"
      description="Your recording is removed from the camp's server for good. You can record a new one any time."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      onConfirm={() => remove.mutateAsync()}
    />
  );
}

function SavedSampleCard() {
  const { data: sample, status, error } = useVoiceSample();
  const headingId = useId();

  return (
    <Card as="section" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>Your saved voice sample</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status === "pending" ? (
          <p role="status" className="flex items-center gap-2 text-slate-700">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Loading your voice sample...
          </p>
        ) : status === "error" ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
            Couldn't load your voice sample: {errorMessage(error)}
          </p>
        ) : sample ? (
          <>
            <audio
              data-testid="saved-sample-audio"
              controls
              preload="metadata"
              src={sampleMediaUrl(sample)}
              aria-label="Saved voice sample"
              className="w-full"
            />
            <p className="text-sm text-slate-700">
              Length {formatClock(sample.durationSeconds)} · Saved{" "}
              <time dateTime={sample.createdAt}>{formatSavedAt(sample.createdAt)}</time>
            </p>
            <div className="flex flex-wrap gap-2">
              <DeleteSampleButton />
            </div>
          </>
        ) : (
          <p data-testid="no-sample" className="text-slate-700">
            You haven't saved a voice sample yet.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function RecorderCard({ hasSavedSample }: { hasSavedSample: boolean }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const adviceId = useId();
  const [pending, setPending] = useState<PendingRecording | null>(null);
  const pendingUrl = useRef<string | null>(null);

  const replacePending = (next: PendingRecording | null) => {
    releaseObjectUrl(pendingUrl.current);
    pendingUrl.current = next?.url ?? null;
    setPending(next);
  };

  useEffect(() => () => releaseObjectUrl(pendingUrl.current), []);

  const recorder = useVoiceRecorder({
    onRecorded: (sample) => replacePending({ ...sample, url: objectUrl(sample.blob) }),
  });

  const save = useMutation<VoiceSample, Error, Blob>({
    mutationFn: saveVoiceSample,
    onSuccess: (sample) => {
      queryClient.setQueryData(apiKeys.voiceSample, sample);
      replacePending(null);
      toast({ title: "Voice sample saved", description: "It's kept on the camp's server, only for you." });
    },
    onError: (error) => {
      toast({ title: "Failed to save voice sample", description: errorMessage(error), variant: "destructive" });
    },
  });

  const isRecording = recorder.status === "recording";
  const isBusy = recorder.status === "starting" || recorder.status === "stopping";

  const startOrStop = () => {
    if (isRecording) {
      recorder.stop();
      return;
    }
    replacePending(null);
    void recorder.start();
  };

  const liveText =
    recorder.status === "starting"
      ? "Asking for the microphone..."
      : isRecording
        ? `Recording. It stops by itself at ${formatClock(recorder.maxSeconds)}.`
        : pending
          ? `Recorded ${formatClock(pending.durationSeconds)}. Play it back, then save it.`
          : "";

  return (
    <Card as="section" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{hasSavedSample ? "Record a new sample" : "Record a voice sample"}</CardTitle>
        <CardDescription id={adviceId} className="text-base text-slate-700">
          {VOICE_ADVICE} Recording stops by itself at {formatClock(VOICE_SAMPLE_MAX_SECONDS)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="lg"
            variant={isRecording ? "destructive" : "default"}
            onClick={startOrStop}
            disabled={isBusy || save.isPending}
            aria-describedby={adviceId}
          >
            {isRecording ? (
              <>
                <Square aria-hidden="true" />
                Stop recording
                <span aria-hidden="true" data-testid="recording-elapsed" className="font-mono tabular-nums">
                  {formatClock(recorder.elapsed)}
                </span>
              </>
            ) : (
              <>
                {isBusy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Mic aria-hidden="true" />}
                {hasSavedSample || pending ? "Record again" : "Start recording"}
              </>
            )}
          </Button>
        </div>

        <p role="status" aria-live="polite" data-testid="recording-status" className="min-h-6 text-slate-700">
          {liveText}
        </p>

        {pending && (
          <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="font-medium text-slate-900">Your new recording (not saved yet)</p>
            {pending.url && (
              <audio
                data-testid="new-recording-audio"
                controls
                src={pending.url}
                aria-label="New recording, not saved yet"
                className="w-full"
              />
            )}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => save.mutate(pending.blob)} disabled={save.isPending}>
                {save.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
                {save.isPending ? "Saving..." : "Save voice sample"}
              </Button>
              <Button variant="outline" onClick={() => replacePending(null)} disabled={save.isPending}>
                <RotateCcw aria-hidden="true" />
                Discard
              </Button>
            </div>
            {hasSavedSample && (
              <p className="text-sm text-slate-700">Saving replaces the sample you saved before.</p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** /voice-settings: record, play back, save, replace or delete the camper's voice sample. */
export function VoiceSettingsPage() {
  const { data: sample } = useVoiceSample();
  usePageTitle("Voice settings");

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-lake-900">Voice settings</h1>
        <p className="text-slate-700">
          Record a short sample of your voice. Later it could let the AI narrator sound like you.
        </p>
      </header>

      <SavedSampleCard />
      <RecorderCard hasSavedSample={Boolean(sample)} />

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-lake-700" />
            Where your voice goes
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-slate-700">
          <p>Your voice sample stays on the camp's server. Only you can play it.</p>
          <p>It is never sent to any other company or website unless you choose to send it.</p>
          <p>
            Custom voice training is not yet available, so the AI voice in your shows uses built-in voices for now.
          </p>
          <p>You can delete your sample at any time, and it is deleted with your account.</p>
          <p>
            <Link href="/profile" className="inline-flex min-h-11 items-center font-medium text-lake-700 underline underline-offset-4">
              Back to your profile
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
