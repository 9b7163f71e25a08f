import {
  addDaysToDate,
  WAITLIST_DATES_MAX,
  WAITLIST_PERIOD_RANGES,
  WAITLIST_PERIODS,
  waitlistFormSchemaFor,
  type WaitlistForm,
  type WaitlistPeriod,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ListChecks } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useJoinWaitlist } from '@/features/waitlist/api/join-waitlist';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { createIdempotencyKey } from '../lib/idempotency-key';

type Output = z.output<ReturnType<typeof waitlistFormSchemaFor>>;

export interface WaitlistDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  professionalId: string;
  businessName: string;
  clientEmailRequired: boolean;
  services: ReadonlyArray<{ id: string; name: string }>;
  today: string;
  lastBookableDate: string;
  openWeekdays: readonly number[];
  /** The day the client was looking at, chosen already. */
  initialDate: string | null;
}

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** The next open days the client may choose (two weeks, within the agenda's horizon). */
function nextOpenDays(today: string, last: string, open: readonly number[]) {
  const days: string[] = [];
  for (let i = 0; days.length < WAITLIST_DATES_MAX && i < 60; i += 1) {
    const date = addDaysToDate(today, i);
    if (date > last) break;
    if (open.includes(new Date(`${date}T12:00:00Z`).getUTCDay())) days.push(date);
  }
  return days;
}

function dayLabel(date: string) {
  const [, m, d] = date.split('-');
  return `${WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]} ${d}/${m}`;
}

function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      type="button"
      variant={pressed ? 'default' : 'outline'}
      aria-pressed={pressed}
      className={cn('h-10 tabular-nums', pressed ? '' : 'bg-card')}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

const toggle = <T,>(list: readonly T[], value: T) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** "Entrar na lista de espera" (docs/product.md, Lista de espera): days, periods, contact. */
export function WaitlistDialog(props: WaitlistDialogProps) {
  const { open, onOpenChange, professionalId, clientEmailRequired, services } = props;
  const join = useJoinWaitlist();
  const [entryUrl, setEntryUrl] = useState<string | null>(null);
  const [useRange, setUseRange] = useState(false);
  const [requestKey] = useState(createIdempotencyKey);
  const form = useForm<WaitlistForm, unknown, Output>({
    resolver: zodResolver(waitlistFormSchemaFor(clientEmailRequired)),
    defaultValues: {
      serviceIds: services.map((s) => s.id),
      dates: props.initialDate ? [props.initialDate] : [],
      periods: [],
      rangeStart: '',
      rangeEnd: '',
      clientName: '',
      clientEmail: '',
      clientPhone: '',
    },
  });
  const dates = useController({ control: form.control, name: 'dates' });
  const periods = useController({ control: form.control, name: 'periods' });
  const { errors } = form.formState;
  const { prepare } = join;
  // The proof of work is solved while the client fills the form.
  useEffect(() => {
    if (open) prepare();
  }, [open, prepare]);
  const days = nextOpenDays(props.today, props.lastBookableDate, props.openWeekdays);

  async function submit(values: Output) {
    const answer = await join.mutateAsync({ ...values, professionalId, requestKey });
    setEntryUrl(answer.entryUrl);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Entrar na lista de espera</DialogTitle>
          <DialogDescription>
            Se vagar um horário que sirva para você, avisamos e guardamos o horário só para você por
            um tempo. A primeira pessoa da fila é avisada primeiro.
          </DialogDescription>
        </DialogHeader>
        {entryUrl ? (
          <div role="status" className="space-y-4 text-center">
            <ListChecks className="mx-auto size-10 text-primary" aria-hidden="true" />
            <p className="text-lg font-semibold">Pronto! Você está na lista de espera.</p>
            <p className="text-sm text-muted-foreground">
              Guarde este link: por ele você vê se vagou um horário ou sai da lista.
            </p>
            <Button asChild size="lg" className="w-full">
              <a href={new URL(entryUrl).pathname}>Ver minha lista de espera</a>
            </Button>
          </div>
        ) : (
          <form
            noValidate
            aria-label="Lista de espera"
            className="grid gap-5"
            onSubmit={(event) => void form.handleSubmit(submit)(event)}
          >
            <p className="text-sm">
              <span className="text-muted-foreground">Serviços: </span>
              <span className="font-medium">{services.map((s) => s.name).join(', ')}</span>
            </p>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Dias que servem para você</legend>
              <div className="flex flex-wrap gap-2">
                {days.map((day) => (
                  <Chip
                    key={day}
                    pressed={dates.field.value.includes(day)}
                    onClick={() => dates.field.onChange(toggle(dates.field.value, day))}
                  >
                    {dayLabel(day)}
                  </Chip>
                ))}
              </div>
              {errors.dates ? (
                <p role="alert" className="text-sm text-destructive">
                  {errors.dates.message}
                </p>
              ) : null}
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Horários que servem</legend>
              <div className="flex flex-wrap gap-2">
                {WAITLIST_PERIODS.map((period: WaitlistPeriod) => (
                  <Chip
                    key={period}
                    pressed={!useRange && periods.field.value.includes(period)}
                    onClick={() => {
                      setUseRange(false);
                      form.setValue('rangeStart', '');
                      form.setValue('rangeEnd', '');
                      periods.field.onChange(toggle(periods.field.value, period));
                    }}
                  >
                    {WAITLIST_PERIOD_RANGES[period].label}
                  </Chip>
                ))}
                <Chip
                  pressed={useRange}
                  onClick={() => {
                    setUseRange(!useRange);
                    periods.field.onChange([]);
                  }}
                >
                  Um intervalo
                </Chip>
              </div>
              {useRange ? (
                <div className="grid grid-cols-2 gap-3">
                  <FormField label="Das" error={errors.rangeStart?.message}>
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="numeric"
                        placeholder="14:00"
                        {...form.register('rangeStart')}
                      />
                    )}
                  </FormField>
                  <FormField label="Até" error={errors.rangeEnd?.message}>
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="numeric"
                        placeholder="18:00"
                        {...form.register('rangeEnd')}
                      />
                    )}
                  </FormField>
                </div>
              ) : errors.periods ? (
                <p role="alert" className="text-sm text-destructive">
                  {errors.periods.message}
                </p>
              ) : null}
            </fieldset>
            <FormField label="Nome completo" error={errors.clientName?.message}>
              {(control) => (
                <Input {...control} autoComplete="name" {...form.register('clientName')} />
              )}
            </FormField>
            <FormField
              label={clientEmailRequired ? 'E-mail' : 'E-mail (opcional)'}
              error={errors.clientEmail?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  placeholder="voce@email.com"
                  {...form.register('clientEmail')}
                />
              )}
            </FormField>
            <FormField
              label={clientEmailRequired ? 'Telefone (opcional)' : 'Celular com DDD'}
              error={errors.clientPhone?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  autoComplete="tel"
                  placeholder="(11) 98765-4321"
                  {...form.register('clientPhone')}
                />
              )}
            </FormField>
            {join.isError ? (
              <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
                {getErrorMessage(join.error)}
              </p>
            ) : null}
            <SubmitButton isPending={join.isPending} pendingLabel="Enviando..." size="lg">
              Entrar na lista de espera
            </SubmitButton>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
