import {
  EMAIL_CODE_FORMAT_MESSAGE,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_SENT_MESSAGE,
} from '@agendaki/shared';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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

/**
 * The code e-mailed to the client (docs/decisions/028-booking-gates.md): six digits, typed or
 * filled by the phone from the mail (autocomplete one-time-code). Nothing is held until then.
 */
export function CodeStep({ email, isPending, onConfirm, onBack }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\D/g, '');
    if (digits.length !== EMAIL_CODE_LENGTH) {
      setError(EMAIL_CODE_FORMAT_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    onConfirm(digits);
  }

  return (
    <form noValidate aria-label="Código de confirmação" className="grid gap-4" onSubmit={submit}>
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
        error={error}
        description="O código vale por 10 minutos. Não chegou? Veja a caixa de spam."
      >
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            value={code}
            onChange={(event) => setCode(event.target.value)}
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
