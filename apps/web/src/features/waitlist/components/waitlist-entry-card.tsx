import {
  formatIsoDate,
  formatPhone,
  waitlistManualOfferSchema,
  type WaitlistEntry,
  type WaitlistManualOffer,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { useOfferByHand, useRemoveEntry } from '../api/professional';
import { wishText } from './waitlist-entry-page';

const STATUS_LABEL: Record<WaitlistEntry['status'], string> = {
  waiting: 'Aguardando',
  booked: 'Agendou',
  left: 'Saiu da lista',
  expired: 'Expirou',
};

/**
 * "Oferecer horário": a time typed by the professional, held for this person; only their days
 * are listed, and the server refuses a time outside their periods or range.
 */
function OfferForm({ entry, onDone }: { entry: WaitlistEntry; onDone: () => void }) {
  const offer = useOfferByHand();
  const form = useForm<WaitlistManualOffer>({
    resolver: zodResolver(waitlistManualOfferSchema),
    defaultValues: { date: entry.dates[0] ?? '', time: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={`Oferecer horário para ${entry.clientName}`}
      className="grid gap-3 rounded-lg border bg-muted/40 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) =>
        void form.handleSubmit(async (values) => {
          await offer.mutateAsync({ entryId: entry.id, ...values });
          onDone();
        })(event)
      }
    >
      <FormField label="Dia" error={errors.date?.message}>
        {(control) => (
          <select
            {...control}
            className="h-10 rounded-md border bg-background px-3 text-sm"
            {...form.register('date')}
          >
            {entry.dates.map((date) => (
              <option key={date} value={date}>
                {formatIsoDate(date)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label="Horário"
        error={errors.time?.message}
        description={`Pedido: ${wishText(entry)}`}
      >
        {(control) => (
          <Input {...control} inputMode="numeric" placeholder="10:00" {...form.register('time')} />
        )}
      </FormField>
      <SubmitButton isPending={offer.isPending}>Oferecer</SubmitButton>
      {offer.isError ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-3">
          {getErrorMessage(offer.error)}
        </p>
      ) : null}
    </form>
  );
}

export function WaitlistEntryCard({ entry }: { entry: WaitlistEntry }) {
  const [offering, setOffering] = useState(false);
  const remove = useRemoveEntry();
  const waiting = entry.status === 'waiting';
  return (
    <Card role="article" aria-label={entry.clientName}>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="space-y-0.5">
            <p className="font-semibold">
              {waiting ? (
                <span className="mr-2 tabular-nums text-primary">{entry.position}º</span>
              ) : null}
              {entry.clientName}
            </p>
            <p className="text-sm break-all text-muted-foreground">
              {[entry.clientEmail, entry.clientPhone && formatPhone(entry.clientPhone)]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <Badge variant={entry.offer ? 'default' : 'secondary'}>
            {entry.offer ? `Oferecido até ${entry.offer.holdUntil}` : STATUS_LABEL[entry.status]}
          </Badge>
        </div>
        <p className="text-sm">
          {entry.services.map((s) => s.name).join(', ')} · {wishText(entry)} ·{' '}
          {entry.dates.map(formatIsoDate).join(', ')}
        </p>
        {entry.offer ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-accent/60 p-3 text-sm">
            <span>
              Horário oferecido: <strong>{formatIsoDate(entry.offer.date)}</strong> às{' '}
              <strong>{entry.offer.time}</strong>, reservado até {entry.offer.holdUntil}
            </span>
            {entry.whatsappUrl ? (
              <Button asChild size="sm" variant="outline">
                <a href={entry.whatsappUrl} target="_blank" rel="noreferrer">
                  <MessageCircle aria-hidden="true" />
                  Avisar pelo WhatsApp
                </a>
              </Button>
            ) : null}
          </div>
        ) : null}
        {waiting ? (
          <div className="flex flex-wrap gap-2">
            {!entry.offer ? (
              <Button size="sm" variant="outline" onClick={() => setOffering(!offering)}>
                Oferecer horário
              </Button>
            ) : null}
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="ghost" disabled={remove.isPending}>
                  <Trash2 aria-hidden="true" />
                  Remover
                </Button>
              }
              title="Remover da lista de espera?"
              description={`${entry.clientName} sai da fila. Um horário oferecido a ela vai para a próxima pessoa.`}
              confirmLabel="Remover"
              onConfirm={() => remove.mutate(entry.id)}
            />
          </div>
        ) : null}
        {offering && waiting && !entry.offer ? (
          <OfferForm entry={entry} onDone={() => setOffering(false)} />
        ) : null}
        {remove.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(remove.error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
