import {
  addDaysToDate,
  formatIsoDate,
  WAITLIST_HOLD_DEFAULT,
  waitlistSettingsSchema,
  type WaitlistSettings,
  type WaitlistSettingsForm,
  zonedToday,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { useSaveWaitlistSettings, useWaitlistDay, useWaitlistSettings } from '../api/professional';
import { WaitlistEntryCard } from './waitlist-entry-card';

function SettingsCard({ settings }: { settings: WaitlistSettings }) {
  const save = useSaveWaitlistSettings();
  const form = useForm<WaitlistSettingsForm, unknown, WaitlistSettings>({
    resolver: zodResolver(waitlistSettingsSchema),
    defaultValues: settings,
  });
  const [saved, setSaved] = useState(false);
  useEffect(() => form.reset(settings), [form, settings]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Como funciona</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Configurar lista de espera"
          className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          onSubmit={(event) =>
            void form.handleSubmit(async (values) => {
              setSaved(false);
              await save.mutateAsync(values);
              setSaved(true);
            })(event)
          }
        >
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id="waitlist-enabled"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Label htmlFor="waitlist-enabled" className="leading-snug">
              Oferecer a lista de espera na página de agendamento
            </Label>
          </div>
          <FormField
            label="Reservar por (minutos)"
            error={form.formState.errors.holdMinutes?.message}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                placeholder={String(WAITLIST_HOLD_DEFAULT)}
                {...form.register('holdMinutes')}
              />
            )}
          </FormField>
          <SubmitButton isPending={save.isPending}>Salvar</SubmitButton>
          <p className="text-sm text-muted-foreground sm:col-span-3" role="status">
            {save.isError
              ? getErrorMessage(save.error)
              : saved
                ? 'Configuração salva.'
                : 'Quando um horário vaga, a primeira pessoa da fila recebe a oferta por e-mail e o horário fica reservado para ela por esse tempo; depois, vai para a próxima.'}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

/** Lista de Espera (docs/product.md): the switch, and who waits for each day. */
export function WaitlistPage({ timeZone }: { timeZone: string }) {
  const today = zonedToday(new Date(), timeZone);
  const [date, setDate] = useState(today);
  const settings = useWaitlistSettings();
  const day = useWaitlistDay(date);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Lista de Espera"
        description="Quem espera por um horário, na ordem da fila."
      />
      {settings.data ? <SettingsCard settings={settings.data} /> : <Skeleton className="h-40" />}
      <section aria-label="Fila do dia" className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Dia anterior"
            onClick={() => setDate(addDaysToDate(date, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <h2
            className="min-w-32 text-center text-lg font-semibold tabular-nums"
            aria-live="polite"
          >
            {formatIsoDate(date)}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label="Próximo dia"
            onClick={() => setDate(addDaysToDate(date, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          {date !== today ? (
            <Button variant="ghost" onClick={() => setDate(today)}>
              Hoje
            </Button>
          ) : null}
        </div>
        {day.isPending ? (
          <Skeleton className="h-32" />
        ) : day.isError ? (
          <p role="alert" className="text-destructive">
            {getErrorMessage(day.error)}
          </p>
        ) : day.data.entries.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground">
            Ninguém na lista de espera para este dia.
          </p>
        ) : (
          <div className="grid gap-3">
            {day.data.entries.map((entry) => (
              <WaitlistEntryCard key={entry.id} entry={entry} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
