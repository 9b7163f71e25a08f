import type { Appointment } from '@agendaki/shared';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/lib/lazy-dialog';
import { useAnamnesisForms } from '../api/forms';

// The answers' dialog comes when it first opens (lib/lazy-dialog.tsx).
const AnswersDialog = lazyDialog(
  async () => (await import('./answers-dialog')).AnswersDialog,
  (props) => props.open,
);

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
  const asks = forms.data?.some((form) => form.serviceIds.includes(appointment.serviceId));
  if (!asks) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="w-full"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <ClipboardList aria-hidden="true" />
        Ficha de anamnese
      </Button>
      <AnswersDialog
        appointment={appointment}
        timeZone={timeZone}
        open={isOpen}
        onOpenChange={setOpen}
      />
    </>
  );
}
