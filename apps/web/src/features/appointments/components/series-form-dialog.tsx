import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { SeriesForm } from './series-form';

export interface SeriesFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  /** Opened from a client's card: that client, already chosen. */
  initialClient?: { id: string; name: string };
}

export function SeriesFormDialog({
  open,
  onOpenChange,
  today,
  initialClient,
}: SeriesFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Novo horário fixo</DialogTitle>
          <DialogDescription>
            O mesmo horário toda semana, a cada 2, 3 ou 4 semanas ou todo mês. Veja as datas antes
            de salvar.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <SeriesForm
            today={today}
            initialClient={initialClient}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
