import {
  bookingCodeConfirmSchema,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_SENT_MESSAGE,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';

export interface CodeStepProps {
  /** "ma***@exemplo.com.br", as the server wrote it. */
  email: string;
  isPending: boolean;
  onConfirm: (code: string) => void;
  /** Back to the details: a new confirmation sends a new code. */
  onBack: () => void;
}

interface CodeValues {
  code: string;
}

const schemaResolver = zodResolver(bookingCodeConfirmSchema.pick({ code: true }));
/** Spaces or dashes pasted with the code are dropped before the shared schema checks it. */
const resolver: Resolver<CodeValues> = (values, context, options) =>
  schemaResolver({ code: values.code.replace(/\D/g, '') }, context, options);

/**
 * The code e-mailed to the client (docs/decisions/028-booking-gates.md): six digits, typed or
 * filled by the phone from the mail (autocomplete one-time-code). Nothing is held until then.
 */
export function CodeStep({ email, isPending, onConfirm, onBack }: CodeStepProps) {
  const form = useForm<CodeValues>({
    resolver,
    defaultValues: { code: '' },
    // The message stays until the next "Confirmar código", as before.
    reValidateMode: 'onSubmit',
  });
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);
  const submit = form.handleSubmit(({ code }) => onConfirm(code));

  return (
    <form
      noValidate
      aria-label="Código de confirmação"
      className="grid gap-4"
      onSubmit={(event) => void submit(event)}
    >
      <div className="flex items-start gap-3 rounded-lg bg-muted/70 p-4 text-sm">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p role="status">
          <span className="block font-medium">{EMAIL_CODE_SENT_MESSAGE}</span>
          <span className="text-muted-foreground">
            Digite abaixo o código de {EMAIL_CODE_LENGTH} números enviado para{' '}
            <span className="font-medium text-foreground">{email}</span>. Seu horário só fica
            reservado depois disso.
          </span>
        </p>
      </div>
      <FormField
        label="Código do e-mail"
        error={form.formState.errors.code?.message}
        description="O código vale por 10 minutos. Não chegou? Veja a caixa de spam."
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('code')}
            disabled={isPending}
            inputMode="numeric"
            autoComplete="one-time-code"
            enterKeyHint="done"
            maxLength={EMAIL_CODE_LENGTH + 2}
            placeholder="000000"
            className="h-12 text-center text-2xl tracking-[0.4em] tabular-nums md:text-2xl"
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={isPending}>
          Voltar
        </Button>
        <SubmitButton size="lg" isPending={isPending} pendingLabel="Confirmando...">
          Confirmar código
        </SubmitButton>
      </div>
    </form>
  );
}
