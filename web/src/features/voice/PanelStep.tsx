import { useId, type ReactNode } from "react";

function StepHeading({ step, ids, children }: { step: number; ids: { badge: string; heading: string }; children: string }) {
  return (
    <div className="flex items-center gap-3">
      <span
        id={ids.badge}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-lake-700 text-sm font-bold text-white"
      >
        <span className="sr-only">Step </span>
        {step}
      </span>
      <h3 id={ids.heading} className="text-lg font-semibold text-slate-900">
        {children}
      </h3>
    </div>
  );
}

/** A numbered step, named "Step N {heading}" for assistive technology. */
export function Step({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const ids = { badge: useId(), heading: useId() };
  return (
    <section
      aria-labelledby={`${ids.badge} ${ids.heading}`}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
    >
      <StepHeading step={step} ids={ids}>
        {title}
      </StepHeading>
      {children}
    </section>
  );
}
