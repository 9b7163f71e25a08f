import {
  ERASED_CLIENT_NAME,
  eraseClientSchema,
  isSameName,
  type Client,
  type EraseClientInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { useEraseClient } from '../api/erase-client';

export interface EraseClientDialogProps {
  client: Client;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onErased?: (client: Client) => void;
}

/**
 * "Excluir dados pessoais" (LGPD art. 18, docs/decisions/012-lgpd.md): irreversible, so the
 * client's name must be typed; the button stays off until it matches (the server checks too).
 */
export function EraseClientDialog({
  client,
  open,
  onOpenChange,
  onErased,
}: EraseClientDialogProps) {
  const form = useForm<EraseClientInput>({
    resolver: zodResolver(eraseClientSchema),
    defaultValues: { confirmName: '' },
  });
  const typed = useWatch({ control: form.control, name: 'confirmName' });
  const erase = useEraseClient();
  const inputId = useId();
  const matches = isSameName(typed, client.name);

  function close(next: boolean) {
    if (!next) form.reset({ confirmName: '' });
    onOpenChange(next);
  }

  async function submit({ confirmName }: EraseClientInput) {
    if (!isSameName(confirmName, client.name)) return;
    try {
      const erased = await erase.mutateAsync({ id: client.id, confirmName });
      toast.success('Dados pessoais excluídos', {
        description: `O cliente agora aparece como "${ERASED_CLIENT_NAME}". Os agendamentos foram mantidos.`,
      });
      close(false);
      onErased?.(erased);
    } catch (error) {
      toast.error('Erro ao excluir dados pessoais', { description: getErrorMessage(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Excluir dados pessoais</DialogTitle>
          <DialogDescription>
            O nome de <span className="font-medium text-foreground">{client.name}</span> passa a ser
            &quot;{ERASED_CLIENT_NAME}&quot; e o e-mail, o telefone e as observações são apagados,
            também dos e-mails e lembretes pendentes. Os agendamentos continuam, sem dados pessoais,
            para o faturamento ficar certo. Esta ação não pode ser desfeita.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
          className="grid gap-4"
          aria-label="Excluir dados pessoais"
        >
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Para confirmar, digite o nome do cliente: {client.name}</Label>
            <Input
              id={inputId}
              {...form.register('confirmName')}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancelar
            </Button>
            <SubmitButton
              variant="destructive"
              disabled={!matches}
              isPending={erase.isPending}
              pendingLabel="Excluindo..."
            >
              Excluir dados pessoais
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
