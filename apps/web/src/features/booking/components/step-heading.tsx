export interface StepHeadingProps {
  title: string;
  description?: string;
}

/**
 * The step's title. Focusable from script (`tabIndex={-1}`): when a step replaces another the
 * wizard moves focus here, so a screen reader announces the new step (see booking-wizard.tsx).
 */
export function StepHeading({ title, description }: StepHeadingProps) {
  return (
    <div className="space-y-1">
      <h2
        tabIndex={-1}
        data-step-heading=""
        className="scroll-mt-4 rounded-sm text-lg font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:text-xl"
      >
        {title}
      </h2>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}
