import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { WizardStep } from '../lib/booking-wizard';

const STEPS: { step: WizardStep; label: string }[] = [
  { step: 1, label: 'Serviços' },
  { step: 2, label: 'Data' },
  { step: 3, label: 'Horário' },
];

/**
 * 1 Serviços, 2 Data, 3 Horário; the current one carries `aria-current="step"`. Tighter on a
 * phone: at 360 px the three labels at full size would cross the card's edge.
 */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <ol aria-label="Etapas do agendamento" className="flex items-center gap-1.5 sm:gap-3">
      {STEPS.map(({ step, label }, index) => {
        const isDone = step < current;
        const isCurrent = step === current;
        return (
          <li
            key={step}
            aria-current={isCurrent ? 'step' : undefined}
            className="flex flex-1 items-center gap-1.5 sm:gap-3"
          >
            <span
              aria-hidden="true"
              className={cn(
                'grid size-7 shrink-0 place-items-center rounded-full border-2 text-sm font-semibold sm:size-8',
                isCurrent && 'border-primary bg-primary text-primary-foreground',
                isDone && 'border-primary bg-accent text-accent-foreground',
                !isCurrent && !isDone && 'border-input text-muted-foreground',
              )}
            >
              {isDone ? <Check className="size-4" /> : step}
            </span>
            <span
              className={cn(
                'text-sm',
                isCurrent ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
            >
              <span className="sr-only">{step} </span>
              {label}
              {isDone ? <span className="sr-only"> (concluída)</span> : null}
            </span>
            {index < STEPS.length - 1 ? (
              <span
                aria-hidden="true"
                className={cn('h-0.5 min-w-1 flex-1 rounded', isDone ? 'bg-primary' : 'bg-border')}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
