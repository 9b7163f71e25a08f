import { formatCurrencyFromCents } from '@agendaki/shared';
import { Check, Clock3, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { PublicService } from '@agendaki/shared';

export interface ServiceOptionProps {
  service: PublicService;
  isSelected: boolean;
  onToggle: (serviceId: string) => void;
}

/**
 * A service card that toggles. The button holds only the service's name, so what a voice
 * user reads on it is its accessible name (WCAG 2.5.3, label in name); the details are its
 * description, and its ::after covers the whole card, so a tap anywhere on it still toggles.
 */
export function ServiceOption({ service, isSelected, onToggle }: ServiceOptionProps) {
  const id = useId();
  return (
    <div
      className={cn(
        'relative flex h-full w-full items-start gap-3 rounded-xl border-2 bg-card p-3 shadow-xs transition-colors hover:border-primary/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 sm:p-4',
        isSelected ? 'border-primary bg-accent/50' : 'border-border',
      )}
    >
      <span className="relative size-16 shrink-0 overflow-hidden rounded-lg bg-muted">
        {service.imageUrl ? (
          <img
            src={service.thumbnailUrl ?? service.imageUrl}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <span className="grid size-full place-items-center bg-gradient-to-br from-teal-50 to-teal-100">
            <Sparkles className="size-6 text-teal-700/50" aria-hidden="true" />
          </span>
        )}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex items-start justify-between gap-2">
          {/* scroll-mb: on a phone the summary bar sticks to the bottom; a card focused with Tab
              must scroll above it, not behind it. */}
          <button
            type="button"
            aria-pressed={isSelected}
            aria-describedby={`${id}-details`}
            onClick={() => onToggle(service.id)}
            className="scroll-mb-40 text-left leading-snug font-semibold break-words outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] sm:scroll-mb-4"
          >
            {service.name}
          </button>
          <span
            aria-hidden="true"
            className={cn(
              'grid size-6 shrink-0 place-items-center rounded-full border-2',
              isSelected ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
            )}
          >
            {isSelected ? <Check className="size-3.5" strokeWidth={3} /> : null}
          </span>
        </span>
        <span id={`${id}-details`} className="flex flex-col gap-1">
          {service.description ? (
            <span className="line-clamp-2 text-sm text-muted-foreground">
              {service.description}
            </span>
          ) : null}
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold">{formatCurrencyFromCents(service.priceCents)}</span>
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Clock3 className="size-3.5" aria-hidden="true" />
              {service.durationMinutes} min
            </span>
          </span>
        </span>
      </span>
    </div>
  );
}
