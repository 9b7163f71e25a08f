import { clientInputSchema, formatPhone, type Client, type ClientInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useSaveClient } from '../api/save-client';
import { ClientPrivacySection } from './client-privacy-menu';

type ClientFormValues = ClientInput;
type ClientFormOutput = z.output<typeof clientInputSchema>;

const reportInvalid = toastFirstValidationError<ClientFormValues>([
  'name',
  'email',
  'phone',
  'notes',
]);

function toFormValues(client?: Client): ClientFormValues {
  return {
    name: client?.name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ? formatPhone(client.phone) : '',
    notes: client?.notes ?? '',
  };
}

export interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client to edit; a new one when absent. */
  client?: Client;
}

/** The client form (docs/product.md section 5): the shared schema, its pt-BR messages under each field. */
export function ClientFormDialog({ open, onOpenChange, client }: ClientFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{client ? 'Editar Cliente' : 'Novo Cliente'}</DialogTitle>
          <DialogDescription>
            {client ? 'Atualize os dados do cliente.' : 'Só o nome é obrigatório.'}
          </DialogDescription>
        </DialogHeader>
        {/* Remounted per client, so the fields always start from the right values. */}
        <ClientForm key={client?.id ?? 'new'} client={client} onDone={() => onOpenChange(false)} />
        {client ? (
          <ClientPrivacySection client={client} onErased={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ client, onDone }: { client?: Client; onDone: () => void }) {
  const save = useSaveClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ClientFormValues, unknown, ClientFormOutput>({
    resolver: zodResolver(clientInputSchema),
    defaultValues: toFormValues(client),
  });

  function submit(input: ClientInput) {
    save.mutate(
      { id: client?.id, input },
      {
        onSuccess: () => {
          toast.success(client ? 'Cliente atualizado com sucesso!' : 'Cliente criado com sucesso!');
          onDone();
        },
        onError: (error) =>
          toast.error('Erro ao salvar cliente', { description: getErrorMessage(error) }),
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={client ? 'Editar cliente' : 'Novo cliente'}
      className="grid gap-4"
      onSubmit={(event) => void handleSubmit(submit, reportInvalid)(event)}
    >
      <FormField label="Nome" error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            placeholder="Nome do cliente"
            {...register('name')}
          />
        )}
      </FormField>
      <FormField label="E-mail" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            placeholder="cliente@email.com"
            {...register('email')}
          />
        )}
      </FormField>
      <FormField label="Telefone" error={errors.phone?.message}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            autoComplete="off"
            inputMode="tel"
            placeholder="(11) 98765-4321"
            {...register('phone')}
          />
        )}
      </FormField>
      <FormField label="Observações" error={errors.notes?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            placeholder="Preferências, alergias, histórico..."
            {...register('notes')}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <SubmitButton isPending={save.isPending} pendingLabel="Salvando...">
          {client ? 'Salvar Alterações' : 'Cadastrar Cliente'}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
