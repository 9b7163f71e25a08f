import {
  birthdayInputSchema,
  maskBirthday,
  type BirthdayInput,
  type BirthdayValues,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { useSetBirthday } from '../api/client-story';

const resolver = zodResolver(birthdayInputSchema);

/**
 * The optional birthday of the client, for the "Aniversário" message, typed the Brazilian way
 * ("25/12" or "25/12/1990"): the slashes go in as she types the digits.
 */
export function BirthdayForm({
  clientId,
  birthday,
}: {
  clientId: string;
  birthday: string | null;
}) {
  const save = useSetBirthday(clientId);
  const form = useForm<BirthdayInput, unknown, BirthdayValues>({
    resolver,
    defaultValues: { birthday: birthday ?? '' },
  });
  async function submit(_values: BirthdayValues) {
    try {
      // The route parses the same text with the same schema.
      await save.mutateAsync({ birthday: form.getValues('birthday') ?? '' });
      toast.success('Aniversário salvo');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }
  const field = form.register('birthday', {
    onChange: (event: { target: HTMLInputElement }) => {
      event.target.value = maskBirthday(event.target.value);
    },
  });
  return (
    <form
      noValidate
      aria-label="Aniversário"
      className="flex flex-wrap items-start gap-3"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <FormField
        label="Aniversário (opcional)"
        description="dd/mm ou dd/mm/aaaa; o ano é opcional"
        error={form.formState.errors.birthday?.message}
        className="w-full sm:w-80"
      >
        {(control) => (
          <Input
            {...control}
            {...field}
            inputMode="numeric"
            autoComplete="off"
            placeholder="dd/mm/aaaa"
            maxLength={10}
          />
        )}
      </FormField>
      <SubmitButton
        variant="outline"
        className="sm:mt-6"
        isPending={save.isPending}
        pendingLabel="Salvando..."
      >
        Salvar aniversário
      </SubmitButton>
    </form>
  );
}
