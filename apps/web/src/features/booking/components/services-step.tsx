import { formatCurrencyFromCents } from '@agendaki/shared';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatServiceCount, type BookingSummary } from '../lib/booking-summary';
import type { PublicService } from '@agendaki/shared';
import { ServiceOption } from './service-option';
import { StepHeading } from './step-heading';

export interface ServicesStepProps {
  services: PublicService[];
  selectedIds: readonly string[];
  summary: BookingSummary;
  onToggle: (serviceId: string) => void;
  onNext: () => void;
}

export function ServicesStep({
  services,
  selectedIds,
  summary,
  onToggle,
  onNext,
}: ServicesStepProps) {
  if (services.length === 0) {
    return (
      <div className="space-y-4">
        <StepHeading title="Escolha os serviços" />
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground">
          Nenhum serviço disponível no momento.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <StepHeading title="Escolha os serviços" description="Você pode escolher mais de um." />
      <ul aria-label="Serviços" className="grid gap-3 sm:grid-cols-2">
        {services.map((service) => (
          <li key={service.id}>
            <ServiceOption
              service={service}
              isSelected={selectedIds.includes(service.id)}
              onToggle={onToggle}
            />
          </li>
        ))}
      </ul>
      <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t bg-card/95 px-4 pt-3 pb-4 backdrop-blur supports-[backdrop-filter]:bg-card/85 sm:static sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:border-t sm:bg-transparent sm:px-0 sm:pb-0 sm:backdrop-blur-none">
        <p aria-live="polite" data-testid="booking-summary" className="text-sm">
          {summary.count === 0 ? (
            <span className="text-muted-foreground">Nenhum serviço selecionado</span>
          ) : (
            <>
              <span className="font-medium">
                {formatServiceCount(summary.count, 'selecionado')}
              </span>
              <span className="text-muted-foreground"> · {summary.totalMinutes} min · </span>
              <span className="font-semibold">
                Total: {formatCurrencyFromCents(summary.totalPriceCents)}
              </span>
            </>
          )}
        </p>
        <Button
          size="lg"
          className="w-full sm:w-auto"
          disabled={summary.count === 0}
          onClick={onNext}
        >
          Continuar para a data
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
