import type { Appointment, AnsweredForm } from '@agendaki/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAnamnesisForms, useAppointmentAnswers } from '../api/forms';

export function AnsweredFormView({ form, timeZone }: { form: AnsweredForm; timeZone: string }) {
  const at = format(
    new TZDate(new Date(form.answeredAt).getTime(), timeZone),
    "dd/MM/yyyy 'às' HH:mm",
  );
  return (
    <div className="space-y-2" data-testid="answered-form">
      <p className="text-sm text-muted-foreground">
        {form.formName} (versão {form.version}), respondida em {at}, com consentimento.
      </p>
      <dl className="grid gap-2">
        {form.items.map((item, index) => (
          <div key={index} className="rounded-md bg-muted/50 px-3 py-2">
            <dt className="text-xs font-medium text-muted-foreground">{item.label}</dt>
            <dd className="text-sm break-words whitespace-pre-wrap">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * "Ficha de anamnese" on an appointment whose service asks for one: the client's answers,
 * read (and opened on the server) only when the professional opens them.
 */
export function AnamnesisAnswersButton({
  appointment,
  timeZone,
}: {
  appointment: Appointment;
  timeZone: string;
}) {
  const [isOpen, setOpen] = useState(false);
  const forms = useAnamnesisForms();
  const answers = useAppointmentAnswers(appointment.id, isOpen);
  const asks = forms.data?.some((form) => form.serviceIds.includes(appointment.serviceId));
  if (!asks) return null;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="w-full">
          <ClipboardList aria-hidden="true" />
          Ficha de anamnese
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Ficha de anamnese</DialogTitle>
          <DialogDescription>
            {appointment.client.name} · {appointment.service.name}
          </DialogDescription>
        </DialogHeader>
        {!answers.data ? (
          <Skeleton className="h-32 w-full" />
        ) : answers.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">A cliente ainda não respondeu a ficha.</p>
        ) : (
          answers.data.map((form) => (
            <AnsweredFormView key={form.id} form={form} timeZone={timeZone} />
          ))
        )}
      </DialogContent>
    </Dialog>
  );
}
