import type { bookingContactSchema, BookingContact } from '@agendaki/shared';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';

export type ContactOutput = z.output<typeof bookingContactSchema>;
export type ContactFormApi = UseFormReturn<BookingContact, unknown, ContactOutput>;

export interface ContactFormProps {
  /** Owned by the wizard, so what the client typed survives closing the dialog. */
  form: ContactFormApi;
  isPending: boolean;
  onConfirm: (contact: ContactOutput) => void;
  onCancel: () => void;
  /**
   * The professional made the e-mail optional (docs/decisions/013-after-the-booking.md): the
   * mobile is required instead.
   */
  phoneFirst?: boolean;
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}

function OptionalMark() {
  return <span className="text-xs font-normal text-muted-foreground">(opcional)</span>;
}

/**
 * The client's details (docs/product.md section 5, public booking), validated by the shared schema.
 * Each field shows its first failing rule under it, and the first invalid field gets focus.
 */
export function ContactForm({
  form,
  isPending,
  onConfirm,
  onCancel,
  phoneFirst = false,
}: ContactFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  return (
    <form
      noValidate
      aria-label="Seus dados"
      className="grid gap-4"
      onSubmit={(event) => void handleSubmit(onConfirm)(event)}
    >
      <p className="text-xs text-muted-foreground">
        Campos com <RequiredMark /> são obrigatórios.
      </p>
      <fieldset disabled={isPending} className="grid gap-4">
        <FormField
          label={
            <>
              Nome completo <RequiredMark />
            </>
          }
          error={errors.clientName?.message}
        >
          {(control) => (
            <Input
              {...control}
              aria-required="true"
              autoComplete="name"
              autoCapitalize="words"
              enterKeyHint="next"
              {...register('clientName')}
            />
          )}
        </FormField>
        <FormField
          label={<>E-mail {phoneFirst ? <OptionalMark /> : <RequiredMark />}</>}
          error={errors.clientEmail?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              aria-required={phoneFirst ? undefined : 'true'}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              enterKeyHint="next"
              placeholder="voce@email.com"
              {...register('clientEmail')}
            />
          )}
        </FormField>
        <FormField
          label={
            phoneFirst ? (
              <>
                Celular com DDD <RequiredMark />
              </>
            ) : (
              <>
                Telefone <OptionalMark />
              </>
            )
          }
          error={errors.clientPhone?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              aria-required={phoneFirst ? 'true' : undefined}
              autoComplete="tel"
              enterKeyHint="next"
              placeholder="(11) 98765-4321"
              {...register('clientPhone')}
            />
          )}
        </FormField>
        <FormField
          label={
            <>
              Observações <OptionalMark />
            </>
          }
          error={errors.notes?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              className="min-h-0"
              placeholder="Alguma preferência ou informação importante?"
              {...register('notes')}
            />
          )}
        </FormField>
      </fieldset>
      {/* LGPD: said before "Confirmar agendamento" (docs/decisions/012-lgpd.md). A new tab
          keeps what was typed here. */}
      <p className="text-xs text-muted-foreground">
        Seus dados são usados somente para este agendamento, pelo profissional.{' '}
        <a
          href={paths.privacy.getHref()}
          target="_blank"
          rel="noopener"
          className="underline underline-offset-2 hover:text-foreground"
        >
          Saiba como tratamos seus dados
        </a>
        .
      </p>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="lg" onClick={onCancel} disabled={isPending}>
          Cancelar
        </Button>
        <SubmitButton size="lg" isPending={isPending} pendingLabel="Confirmando...">
          Confirmar agendamento
        </SubmitButton>
      </div>
    </form>
  );
}
