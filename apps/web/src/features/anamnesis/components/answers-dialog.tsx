import type { Appointment, AnsweredForm } from '@agendaki/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppointmentAnswers } from '../api/forms';

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

/** The client's answers to an appointment's forms, read (and opened on the server) on open. */
export function AnswersDialog({
  appointment,
  timeZone,
  open,
  onOpenChange,
}: {
  appointment: Appointment;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const answers = useAppointmentAnswers(appointment.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
