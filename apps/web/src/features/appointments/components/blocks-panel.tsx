import { blockInputSchema, type BlockInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstSchemaError } from '@/lib/validation-toast';
import { useAddBlock, useBlocks, useRemoveBlock } from '../api/blocks';

function formatDateBr(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

const reportInvalid = toastFirstSchemaError<BlockInput>('Erro ao bloquear horário');

function BlockForm({ initialDate, onDone }: { initialDate: string; onDone: () => void }) {
  const add = useAddBlock();
  const form = useForm<BlockInput>({
    resolver: zodResolver(blockInputSchema),
    defaultValues: { date: initialDate, startTime: '', endTime: '', note: '' },
    shouldFocusError: false,
  });

  async function submit(input: BlockInput) {
    try {
      await add.mutateAsync(input);
      toast.success('Horário bloqueado');
      onDone();
    } catch (error) {
      toast.error('Erro ao bloquear horário', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      aria-label="Bloquear horário"
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
    >
      <div className="grid gap-2">
        <Label htmlFor="block-date">Data</Label>
        <Input id="block-date" type="date" {...form.register('date')} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="block-start">Início</Label>
          <Input id="block-start" type="time" {...form.register('startTime')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="block-end">Fim</Label>
          <Input id="block-end" type="time" {...form.register('endTime')} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="block-note">Observação (opcional)</Label>
        <Input id="block-note" maxLength={200} placeholder="Dentista" {...form.register('note')} />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Salvando...' : 'Bloquear'}
      </Button>
    </form>
  );
}

export interface BlocksPanelProps {
  /** The date the form starts on: today in the list, the day shown in the day and week views. */
  initialDate: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The coming blocks of the Agenda, each removable, and the "Bloquear horário" dialog
 * (docs/decisions/009-real-week.md). A block over an appointment is refused by the server.
 */
export function BlocksPanel({ initialDate, open, onOpenChange }: BlocksPanelProps) {
  const blocks = useBlocks();
  const remove = useRemoveBlock();
  return (
    <>
      {blocks.data?.length ? (
        <Card className="gap-2 p-4">
          <h2 className="flex items-center gap-2 font-medium">
            <Ban className="size-4" aria-hidden="true" />
            Horários bloqueados
          </h2>
          <ul aria-label="Horários bloqueados" className="grid gap-1 text-sm">
            {blocks.data.map((block) => (
              <li key={block.id} className="flex items-center justify-between gap-2">
                <span>
                  <span className="font-medium">
                    {formatDateBr(block.date)} {block.startTime}–{block.endTime}
                  </span>
                  {block.note ? ` · ${block.note}` : null}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remover bloqueio de ${formatDateBr(block.date)} ${block.startTime}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(block.id, {
                      onSuccess: () => toast.success('Bloqueio removido'),
                      onError: (error) =>
                        toast.error('Erro ao remover bloqueio', {
                          description: getErrorMessage(error),
                        }),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Bloquear horário</DialogTitle>
            <DialogDescription>
              Nenhum cliente pode agendar neste período. Não pode haver agendamento nele.
            </DialogDescription>
          </DialogHeader>
          {open ? <BlockForm initialDate={initialDate} onDone={() => onOpenChange(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
