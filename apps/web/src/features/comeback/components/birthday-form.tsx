import { birthdayInputSchema, type BirthdayInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { useSetBirthday } from '../api/client-story';

const resolver = zodResolver(birthdayInputSchema);

/** The optional birthday of the client, for the "Aniversário" message. */
export function BirthdayForm({
  clientId,
  birthDate,
}: {
  clientId: string;
  birthDate: string | null;
}) {
  const save = useSetBirthday(clientId);
  const form = useForm<BirthdayInput>({ resolver, defaultValues: { birthDate: birthDate ?? '' } });
  async function submit(input: BirthdayInput) {
    try {
      await save.mutateAsync(input);
      toast.success('Aniversário salvo');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }
  return (
    <form
      noValidate
      aria-label="Aniversário"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <FormField
        label="Aniversário (opcional)"
        error={form.formState.errors.birthDate?.message}
        className="min-w-48 flex-1"
      >
        {(control) => <Input {...control} type="date" {...form.register('birthDate')} />}
      </FormField>
      <SubmitButton variant="outline" isPending={save.isPending} pendingLabel="Salvando...">
        Salvar aniversário
      </SubmitButton>
    </form>
  );
}
