import { type Appointment, formatIsoDate } from '@agendaki/shared';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useClosingDraft } from '../api/closing';
import { ClosingForm } from './closing-form';
import { ClosingView } from './closing-view';

/** The appointment's closing: the form while open, the closed closing with its actions after. */
export function ClosingDialog({
  appointment,
  open,
  onOpenChange,
}: {
  appointment: Appointment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const draft = useClosingDraft(appointment.id, open);
  const current = draft.data?.current;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{current ? 'Atendimento concluído' : 'Concluir e receber'}</DialogTitle>
          <DialogDescription>
            {appointment.client.name} · {formatIsoDate(appointment.appointmentDate)} às{' '}
            {appointment.startTime}
          </DialogDescription>
        </DialogHeader>
        {draft.data ? (
          current ? (
            <ClosingView closing={current} history={draft.data.history} />
          ) : (
            <ClosingForm
              key={draft.data.history.length}
              appointment={appointment}
              draft={draft.data}
              onDone={() => onOpenChange(false)}
            />
          )
        ) : draft.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(draft.error)}
          </p>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </DialogContent>
    </Dialog>
  );
}
