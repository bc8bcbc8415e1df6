import { useId } from "react";
import { GenerateVoiceStep } from "./GenerateVoiceStep.tsx";
import { SampleStep } from "./SampleStep.tsx";
import { useVoiceStatus } from "../../api/voice-api.ts";

export { GENERATE_ERROR_TEXT, UNSAVED_SCRIPT_MESSAGE, VOICE_TOASTS } from "./GenerateVoiceStep.tsx";

export interface VoicePanelProps {
  showId: number;
  /** The script as it is in the editor now (Generate is off while it's blank). */
  narration: string;
  /** Saves pending script edits; true when the server has the current script. */
  saveEdits: () => Promise<boolean>;
  /** The show's chosen voice (null: the provider's default); renders read with it. */
  voice?: string | null;
  /** Keeps a new choice of voice on the show. */
  onVoiceChange?: (voice: string) => void;
}

/**
 * The AI voice: step 1 points to the voice sample (SampleStep.tsx), step 2 has an AI voice read this
 * show's script (GenerateVoiceStep.tsx). The audio comes from the provider's built-in voices (friendly
 * names, a short preview each); it is never presented as the camper's own voice, and custom voice
 * training is not available yet.
 */
export function VoicePanel(props: VoicePanelProps) {
  const providerId = useId();
  const providerName = useVoiceStatus().data?.provider;

  return (
    <div data-testid="voice-panel" className="grid gap-4 rounded-xl border border-lake-600/30 bg-lake-50 p-3 sm:p-5">
      <div>
        <p className="mb-2 font-semibold text-slate-900" data-testid="voice-honesty-note">
          The AI voice is a built-in computer voice. It is not your own voice.
        </p>
        <p id={providerId} className="text-slate-800" data-testid="voice-provider-note">
          This currently uses the built-in voices of an AI provider
          {providerName ? (
            <>
              {" "}
              (<strong className="font-semibold">{providerName}</strong>)
            </>
          ) : null}
          . Custom voice training is not yet available.
        </p>
      </div>

      <SampleStep />

      <GenerateVoiceStep {...props} />
    </div>
  );
}
