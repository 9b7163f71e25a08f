import {
  bookingProtectionSchema,
  MAX_UNCONFIRMED_LIMIT,
  MAX_UNPAID_HOLDS_LIMIT,
  type BookingProtection,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useBookingProtection, useSaveBookingProtection } from '../api/booking-protection';

const reportInvalid = toastFirstValidationError<BookingProtection>([
  'maxUnpaidHoldsPerDay',
  'maxUnconfirmedPerDay',
]);

function ProtectionForm({ values }: { values: BookingProtection }) {
  const save = useSaveBookingProtection();
  const form = useForm<BookingProtection>({
    resolver: zodResolver(bookingProtectionSchema),
    defaultValues: values,
  });
  const { errors, isDirty } = form.formState;

  async function submit(input: BookingProtection) {
    try {
      form.reset(await save.mutateAsync(input));
      toast.success('Limites salvos');
    } catch (error) {
      toast.error('Erro ao salvar limites', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="Limites de reservas por dia"
      className="grid max-w-2xl gap-5"
      onSubmit={form.handleSubmit(submit, reportInvalid)}
    >
      <FormField
        label="Reservas aguardando sinal por dia"
        error={errors.maxUnpaidHoldsPerDay?.message}
        description={`Agendamentos de um mesmo dia esperando o Pix do sinal ao mesmo tempo (1 a ${MAX_UNPAID_HOLDS_LIMIT}).`}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_UNPAID_HOLDS_LIMIT}
            className="sm:max-w-32"
            {...form.register('maxUnpaidHoldsPerDay', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField
        label="Agendamentos não confirmados por dia"
        error={errors.maxUnconfirmedPerDay?.message}
        description={`Agendamentos feitos pela sua página, de um mesmo dia, que nem você nem o cliente confirmaram ainda (1 a ${MAX_UNCONFIRMED_LIMIT}).`}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_UNCONFIRMED_LIMIT}
            className="sm:max-w-32"
            {...form.register('maxUnconfirmedPerDay', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <SubmitButton
        isPending={save.isPending}
        pendingLabel="Salvando..."
        disabled={!isDirty}
        className="mt-1 w-full sm:w-fit"
      >
        Salvar limites
      </SubmitButton>
    </form>
  );
}

/**
 * Configurações > Agendamento online: how much of a day anonymous visitors can hold before
 * paying or confirming (docs/decisions/027-booking-hold-caps.md).
 */
export function BookingProtectionSettings() {
  const protection = useBookingProtection();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Proteção contra reservas em massa</CardTitle>
        <CardDescription>
          Quando um dia chega ao limite, sua página recusa novos agendamentos para ele até que os
          pendentes sejam pagos, confirmados ou cancelados.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {protection.data ? (
          <ProtectionForm values={protection.data} />
        ) : protection.isError ? (
          <p className="text-muted-foreground">Não foi possível carregar os limites.</p>
        ) : (
          <Skeleton className="h-40 w-full max-w-2xl" />
        )}
      </CardContent>
    </Card>
  );
}
