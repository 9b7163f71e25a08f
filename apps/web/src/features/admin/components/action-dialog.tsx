import {
  type AdminProfessional,
  extendTrialSchema,
  TRIAL_EXTENSION_MAX_DAYS,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
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
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { type AdminActionKind, useAdminAction } from '../api/run-action';

const TEXTS: Record<AdminActionKind, { title: string; description: string; submit: string }> = {
  'resend-confirmation': {
    title: 'Reenviar confirmação de e-mail',
    description: 'Um novo link de confirmação vai para o e-mail da conta.',
    submit: 'Reenviar',
  },
  'extend-trial': {
    title: 'Estender teste grátis',
    description: 'Os dias são somados ao fim do teste (ou a partir de hoje, se já acabou).',
    submit: 'Estender',
  },
  suspend: {
    title: 'Suspender conta',
    description:
      'Ela não consegue entrar e a página pública deixa de aceitar agendamentos. Nada é apagado.',
    submit: 'Suspender',
  },
  reactivate: {
    title: 'Reativar conta',
    description: 'Ela volta a entrar e a página pública volta a aceitar agendamentos.',
    submit: 'Reativar',
  },
};

/**
 * One form for every action: a reason for all (the audit log), days shown only for "Estender
 * teste" (elsewhere its default stands and the server is not sent it).
 */
type FormInput = z.input<typeof extendTrialSchema>;
type FormOutput = z.output<typeof extendTrialSchema>;

export interface ActionDialogProps {
  professional: AdminProfessional;
  kind: AdminActionKind | null;
  onClose: () => void;
}

export function ActionDialog({ professional, kind, onClose }: ActionDialogProps) {
  const action = useAdminAction();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(extendTrialSchema),
    defaultValues: { reason: '', days: 7 },
  });
  const texts = kind ? TEXTS[kind] : undefined;

  function close() {
    form.reset({ reason: '', days: 7 });
    onClose();
  }

  async function submit(values: FormOutput) {
    if (!kind) return;
    try {
      const result = await action.mutateAsync({
        professionalId: professional.id,
        kind,
        reason: values.reason,
        days: values.days,
      });
      toast.success(result.message, { description: professional.email });
      close();
    } catch (error) {
      toast.error('Não foi possível concluir', { description: getErrorMessage(error) });
    }
  }

  return (
    <Dialog open={kind !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts?.title}</DialogTitle>
          <DialogDescription>
            {professional.professionalName} ({professional.email}). {texts?.description}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          aria-label={texts?.title}
          className="grid gap-4"
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
        >
          {kind === 'extend-trial' ? (
            <FormField
              label="Dias a mais"
              error={form.formState.errors.days?.message}
              description={`De 1 a ${TRIAL_EXTENSION_MAX_DAYS} dias.`}
            >
              {(control) => (
                <Input
                  {...control}
                  {...form.register('days')}
                  inputMode="numeric"
                  autoComplete="off"
                  className="max-w-32"
                />
              )}
            </FormField>
          ) : null}
          <FormField
            label="Motivo"
            error={form.formState.errors.reason?.message}
            description="Fica no registro de ações."
          >
            {(control) => <Textarea {...control} {...form.register('reason')} rows={3} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancelar
            </Button>
            <SubmitButton
              isPending={action.isPending}
              pendingLabel="Salvando..."
              variant={kind === 'suspend' ? 'destructive' : 'default'}
            >
              {texts?.submit}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
