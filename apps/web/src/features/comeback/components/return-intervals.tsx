import { RETURN_DAYS_MAX, type Service } from '@agendaki/shared';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Interval = { serviceId: string; days: number };

export interface ReturnIntervalsProps {
  services: Service[];
  value: Interval[];
  onChange: (value: Interval[]) => void;
}

/**
 * The "hora de voltar" interval of each active service, in days; empty: that service sends
 * none. A non-number typed is kept as NaN so the schema answers it in pt-BR.
 */
export function ReturnIntervals({ services, value, onChange }: ReturnIntervalsProps) {
  const id = useId();
  const daysOf = new Map(value.map((iv) => [iv.serviceId, iv.days]));
  function set(serviceId: string, typed: string) {
    const others = value.filter((iv) => iv.serviceId !== serviceId);
    const text = typed.trim();
    onChange(text === '' ? others : [...others, { serviceId, days: Number(text) }]);
  }
  if (services.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">Cadastre um serviço para definir o intervalo.</p>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Intervalo por serviço (dias)</legend>
      {services.map((service) => {
        const days = daysOf.get(service.id);
        return (
          <div key={service.id} className="flex items-center justify-between gap-3">
            <Label htmlFor={`${id}-${service.id}`} className="min-w-0 font-normal break-words">
              {service.name}
            </Label>
            <Input
              id={`${id}-${service.id}`}
              className="w-24 shrink-0"
              inputMode="numeric"
              maxLength={3}
              placeholder="—"
              aria-label={`Dias para voltar: ${service.name}`}
              aria-describedby={`${id}-hint`}
              defaultValue={days === undefined ? '' : String(days)}
              onChange={(event) => set(service.id, event.target.value)}
            />
          </div>
        );
      })}
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Por exemplo, 21 para um corte. Deixe vazio para não enviar. Até {RETURN_DAYS_MAX} dias.
      </p>
    </fieldset>
  );
}
