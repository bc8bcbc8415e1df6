import { Eye, EyeOff, FlipHorizontal2, Pause, Play } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";
import { readLocal, writeLocal } from "../../lib/local-store.ts";
import { cn } from "../../lib/utils.ts";

export const TELEPROMPTER_WPM = { min: 80, max: 200, step: 10, default: 130 } as const;
const SPEED_KEY = "ss:teleprompter-wpm";
const VISIBLE_KEY = "ss:teleprompter-visible";
const MIRROR_KEY = "ss:teleprompter-mirrored";
/** With reduced motion the text jumps this often instead of gliding. */
export const REDUCED_MOTION_STEP_MS = 2000;

export function clampWpm(value: unknown): number {
  const n = typeof value === "number" && Number.isFinite(value) ? value : TELEPROMPTER_WPM.default;
  return Math.min(TELEPROMPTER_WPM.max, Math.max(TELEPROMPTER_WPM.min, Math.round(n / TELEPROMPTER_WPM.step) * TELEPROMPTER_WPM.step));
}

export function countWords(text: string): number {
  return text.trim() ? text.trim().split(/\s+/).length : 0;
}

/** Pixels a second so the text passes at `wpm`, given the text's height and word count. */
export function scrollSpeed(wpm: number, textHeightPx: number, words: number): number {
  if (words <= 0 || textHeightPx <= 0) return 0;
  return ((wpm / 60) * textHeightPx) / words;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}

export interface TeleprompterProps {
  /** The narration to read; with none, the teleprompter and its controls are not shown. */
  narration: string;
  /** Scrolls while true (while recording); starts from the top each time. */
  running: boolean;
  /** The camera preview the text scrolls over (its lower part). */
  children: ReactNode;
  className?: string;
  /** Classes for the box holding the preview and the text (its size). */
  stageClassName?: string;
  /**
   * The narration's sentences (contracts/script-sentences.ts), when some are to be marked: the
   * teleprompter then shows these, one after another, instead of `narration`'s text.
   */
  sentences?: readonly string[];
  /** Indexes into `sentences` to mark (the lines the last take missed). */
  highlighted?: ReadonlySet<number>;
  /**
   * Start at this speed (words a minute, the camper's speaking pace) instead of the last speed chosen
   * here; a change of the slider then lasts for this screen only.
   */
  paceWpm?: number;
  /** Bigger text over more of the preview, for reading one shot's few lines from further away. */
  large?: boolean;
}

/**
 * The narration over the lower part of the preview, scrolling at an adjustable reading speed while
 * recording; it can be hidden. With reduced motion it moves in steps instead of gliding.
 */
export function Teleprompter({
  narration,
  running,
  children,
  className,
  stageClassName,
  sentences,
  highlighted,
  paceWpm,
  large = false,
}: TeleprompterProps) {
  const text = narration.trim();
  const [visible, setVisible] = useState(() => readLocal<boolean>(VISIBLE_KEY, true) !== false);
  const [wpm, setWpm] = useState(() => clampWpm(paceWpm ?? readLocal<unknown>(SPEED_KEY, TELEPROMPTER_WPM.default)));
  // A glass prompter shows the screen through a mirror: the text must read backwards on the screen.
  const [mirrored, setMirrored] = useState(() => readLocal<boolean>(MIRROR_KEY, false) === true);
  const [paused, setPaused] = useState(false);
  const ids = { text: useId(), speed: useId(), speedHint: useId() };
  const shown = text.length > 0 && visible;

  function toggle() {
    setVisible((v) => {
      writeLocal(VISIBLE_KEY, !v);
      return !v;
    });
  }

  function changeSpeed(value: number) {
    const next = clampWpm(value);
    setWpm(next);
    if (paceWpm === undefined) writeLocal(SPEED_KEY, next);
  }

  function toggleMirror() {
    setMirrored((m) => {
      writeLocal(MIRROR_KEY, !m);
      return !m;
    });
  }

  return (
    <div className={cn("grid gap-3", className)}>
      <div className={cn("relative", stageClassName)}>
        {children}
        {shown && (
          <ScrollingText
            id={ids.text}
            text={text}
            sentences={sentences}
            highlighted={highlighted}
            running={running}
            paused={paused}
            mirrored={mirrored}
            large={large}
            wpm={wpm}
          />
        )}
      </div>
      {text.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button variant="outline" size="sm" onClick={toggle} aria-controls={shown ? ids.text : undefined}>
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {visible ? "Hide teleprompter" : "Show teleprompter"}
          </Button>
          {visible && (
            <>
              {/* A toggle with a fixed name (aria-pressed says which), so focus and meaning stay put. */}
              <Button variant="outline" size="sm" onClick={() => setPaused((p) => !p)} aria-pressed={paused} aria-controls={ids.text}>
                {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                Pause scrolling
              </Button>
              <Button variant="outline" size="sm" onClick={toggleMirror} aria-pressed={mirrored} aria-controls={ids.text}>
                <FlipHorizontal2 aria-hidden="true" />
                Mirror text
              </Button>
            </>
          )}
          {visible && (
            <div className="flex min-w-56 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
              <label htmlFor={ids.speed} className="shrink-0 text-sm font-medium text-slate-800">
                Teleprompter speed
              </label>
              <input
                id={ids.speed}
                type="range"
                min={TELEPROMPTER_WPM.min}
                max={TELEPROMPTER_WPM.max}
                step={TELEPROMPTER_WPM.step}
                value={wpm}
                onChange={(e) => changeSpeed(Number(e.target.value))}
                aria-valuetext={`${wpm} words per minute`}
                aria-describedby={ids.speedHint}
                className="h-11 min-w-0 flex-1 basis-28 accent-brand-700"
              />
              <span id={ids.speedHint} className="shrink-0 text-sm text-slate-700">
                {wpm} words/min
              </span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

interface ScrollingTextProps {
  id: string;
  text: string;
  sentences?: readonly string[];
  highlighted?: ReadonlySet<number>;
  running: boolean;
  paused: boolean;
  mirrored: boolean;
  large: boolean;
  wpm: number;
}

function ScrollingText({ id, text, sentences, highlighted, running, paused, mirrored, large, wpm }: ScrollingTextProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLParagraphElement>(null);
  const wpmRef = useRef(wpm);
  wpmRef.current = wpm;
  const words = countWords(text);
  const moving = running && !paused;

  // Each take starts from the top (a pause and resume carries on where it was), and so do new lines.
  useEffect(() => {
    if (running && boxRef.current) boxRef.current.scrollTop = 0;
  }, [running]);
  useEffect(() => {
    if (boxRef.current) boxRef.current.scrollTop = 0;
  }, [text]);

  useEffect(() => {
    const box = boxRef.current;
    const content = textRef.current;
    if (!moving || !box || !content) return;
    let position = box.scrollTop;
    let last = performance.now();
    const advance = () => {
      const now = performance.now();
      // The camper scrolled by hand: carry on from there.
      if (Math.abs(box.scrollTop - position) > 2) position = box.scrollTop;
      position += (Math.max(0, now - last) / 1000) * scrollSpeed(wpmRef.current, content.offsetHeight, words);
      last = now;
      box.scrollTop = position;
    };
    if (prefersReducedMotion()) {
      const timer = setInterval(advance, REDUCED_MOTION_STEP_MS);
      return () => clearInterval(timer);
    }
    let frame = requestAnimationFrame(function loop() {
      advance();
      frame = requestAnimationFrame(loop);
    });
    return () => cancelAnimationFrame(frame);
  }, [moving, words]);

  return (
    <div
      id={id}
      ref={boxRef}
      role="region"
      aria-label="Teleprompter"
      tabIndex={0}
      data-mirrored={mirrored ? "true" : "false"}
      className={cn(
        "absolute inset-x-0 bottom-0 overflow-y-auto bg-slate-950/80 px-4 pt-3 text-white",
        large ? "h-1/2 text-2xl font-semibold leading-snug sm:text-3xl" : "h-2/5 text-lg leading-relaxed sm:text-xl",
        mirrored && "-scale-x-100",
      )}
    >
      <p ref={textRef} className="whitespace-pre-wrap">
        {sentences && sentences.length > 0
          ? sentences.map((sentence, index) => (
              <span key={index}>
                {index > 0 && " "}
                {highlighted?.has(index) ? (
                  <mark data-missed="true" className="rounded bg-amber-300 px-1 text-slate-950">
                    <span className="sr-only">Missed last time: </span>
                    {sentence}
                  </mark>
                ) : (
                  sentence
                )}
              </span>
            ))
          : text}
      </p>
      {/* Room for the last line to scroll up to the top. */}
      <div aria-hidden="true" className="h-full" />
    </div>
  );
}
