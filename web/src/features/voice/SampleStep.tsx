import { Mic } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button.tsx";
import { Step } from "./PanelStep.tsx";
import { formatClock } from "../../lib/time-format.ts";
import { sampleMediaUrl, useVoiceSample } from "../../api/voice-api.ts";

/** Step 1: the camper's voice sample (recorded in Voice settings), with a link there. */
export function SampleStep() {
  const { data: sample, status } = useVoiceSample();
  return (
    <Step step={1} title="Record Your Voice (Optional)">
      <p className="text-slate-700">
        Record a short sample of your voice in Voice settings. It stays on the camp's server and isn't used by the AI
        voice yet.
      </p>
      {status === "pending" ? (
        <p className="text-sm text-slate-700">Checking for a saved voice sample...</p>
      ) : sample ? (
        <div className="grid gap-2">
          <p className="text-sm text-slate-700">
            You have a saved voice sample ({formatClock(sample.durationSeconds)}).
          </p>
          <audio
            data-testid="panel-sample-audio"
            controls
            preload="none"
            src={sampleMediaUrl(sample)}
            aria-label="Your saved voice sample"
            className="w-full"
          />
        </div>
      ) : (
        <p className="text-sm text-slate-700" data-testid="panel-no-sample">
          {status === "error" ? "Couldn't check for a voice sample." : "No voice sample saved yet."}
        </p>
      )}
      <div>
        <Button asChild variant="outline">
          <Link href="/voice-settings">
            <Mic aria-hidden="true" />
            {sample ? "Change your voice sample" : "Record your voice"}
          </Link>
        </Button>
      </div>
    </Step>
  );
}
