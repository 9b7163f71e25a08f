import { APPOINTMENT_CLOSED_MESSAGE, type Appointment } from '@agendaki/shared';
import { Repeat } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { AppointmentLock } from '../lib/appointment-lock';
import { AppointmentForm } from './appointment-form';

export interface AppointmentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The appointment to edit; a new one when absent. */
  appointment?: Appointment;
  /** "Today" in the professional's zone (YYYY-MM-DD): a new appointment starts on it. */
  today: string;
  /** A new appointment's date and start (a free time tapped in the day or week view). */
  initial?: { date: string; startTime: string };
  /** An occurrence of a horário fixo: its options ("Só este", "Toda a série"…). */
  onOpenSeries?: (appointment: Appointment) => void;
  /** Shown above the form for an existing appointment (composed by the route). */
  action?: ReactNode;
  /** What keeps an existing appointment from being changed: its notes only, and the reason. */
  lock?: AppointmentLock;
}

/** The notes are not what was paid: they stay editable on a closed appointment (decision 038). */
const CLOSED_NOTES_HINT = 'As observações continuam editáveis.';

export function AppointmentFormDialog({
  open,
  onOpenChange,
  appointment,
  today,
  initial,
  onOpenSeries,
  action,
  lock: Lock,
}: AppointmentFormDialogProps) {
  // Locked (closed): the reason, and a form where only the notes change.
  const content = (locked: boolean) => (
    <>
      <DialogHeader>
        <DialogTitle>
          {locked
            ? 'Atendimento concluído'
            : appointment
              ? 'Editar Agendamento'
              : 'Novo Agendamento'}
        </DialogTitle>
        <DialogDescription>
          {locked
            ? `${APPOINTMENT_CLOSED_MESSAGE} ${CLOSED_NOTES_HINT}`
            : 'O horário de término e o valor vêm do serviço escolhido.'}
        </DialogDescription>
      </DialogHeader>
      {appointment?.seriesId && onOpenSeries ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-accent px-3 py-2 text-sm">
          <span>Este agendamento faz parte de um horário fixo.</span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onOpenSeries(appointment)}
          >
            <Repeat aria-hidden="true" />
            Opções do horário fixo
          </Button>
        </div>
      ) : null}
      {appointment && action ? <div className="border-b pb-4">{action}</div> : null}
      <AppointmentForm
        key={appointment?.id ?? `new-${initial?.date ?? ''}-${initial?.startTime ?? ''}`}
        appointment={appointment}
        today={today}
        initial={initial}
        onDone={() => onOpenChange(false)}
        closed={locked}
      />
    </>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {appointment && Lock ? <Lock appointment={appointment}>{content}</Lock> : content(false)}
      </DialogContent>
    </Dialog>
  );
}
