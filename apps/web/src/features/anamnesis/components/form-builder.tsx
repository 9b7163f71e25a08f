import {
  type AnamnesisForm,
  anamnesisFormInputSchema,
  type AnamnesisFormInput,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  type Service,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { useSaveAnamnesisForm } from '../api/forms';

const resolver = zodResolver(anamnesisFormInputSchema);
const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';
const newFieldId = () =>
  Math.random()
    .toString(36)
    .slice(2, 10)
    .replace(/[^a-z0-9]/g, 'a');

function firstError(errors: object): string | undefined {
  for (const value of Object.values(errors)) {
    if (value && typeof value === 'object') {
      if ('message' in value && typeof value.message === 'string' && value.message)
        return value.message;
      const nested = firstError(value);
      if (nested) return nested;
    }
  }
  return undefined;
}

/** The builder: name, questions (type, required, options) and the services that ask for it. */
export function FormBuilder(props: {
  form?: AnamnesisForm;
  services: Service[];
  onDone: () => void;
}) {
  const { form, services, onDone } = props;
  const save = useSaveAnamnesisForm();
  const hookForm = useForm<AnamnesisFormInput>({
    resolver,
    defaultValues: form
      ? { name: form.name, fields: form.fields, serviceIds: form.serviceIds }
      : {
          name: '',
          fields: [{ id: newFieldId(), label: '', type: 'yes_no', required: true, options: [] }],
          serviceIds: [],
        },
  });
  const fields = useFieldArray({ control: hookForm.control, name: 'fields' });
  const types = useWatch({ control: hookForm.control, name: 'fields' });

  async function submit(input: AnamnesisFormInput) {
    try {
      await save.mutateAsync({ id: form?.id, input });
      toast.success(form ? 'Ficha salva: nova versão criada' : 'Ficha criada');
      onDone();
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="Ficha de anamnese"
      className="grid gap-5"
      onSubmit={(event) =>
        void hookForm.handleSubmit(submit, (errors) =>
          toast.error('Erro de validação', { description: firstError(errors) }),
        )(event)
      }
    >
      <FormField label="Nome da ficha" error={hookForm.formState.errors.name?.message}>
        {(control) => <Input {...control} maxLength={100} {...hookForm.register('name')} />}
      </FormField>
      <ol className="grid gap-4">
        {fields.fields.map((item, index) => {
          const type = types?.[index]?.type;
          const isChoice = type === 'one_choice' || type === 'many_choices';
          return (
            <li key={item.id} className="grid gap-3 rounded-lg border p-4">
              <FormField label={`Pergunta ${index + 1}`}>
                {(control) => (
                  <Input
                    {...control}
                    maxLength={200}
                    {...hookForm.register(`fields.${index}.label`)}
                  />
                )}
              </FormField>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label="Tipo de resposta">
                  {(control) => (
                    <select
                      {...control}
                      className={selectClass}
                      {...hookForm.register(`fields.${index}.type`)}
                    >
                      {FIELD_TYPES.map((fieldType) => (
                        <option key={fieldType} value={fieldType}>
                          {FIELD_TYPE_LABELS[fieldType]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <label className="flex items-center gap-2 self-end pb-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    {...hookForm.register(`fields.${index}.required`)}
                  />
                  Obrigatória
                </label>
              </div>
              {isChoice ? (
                <Controller
                  control={hookForm.control}
                  name={`fields.${index}.options`}
                  render={({ field }) => (
                    <FormField label="Opções" description="Uma opção por linha.">
                      {(control) => (
                        <Textarea
                          {...control}
                          rows={3}
                          defaultValue={(field.value ?? []).join('\n')}
                          onChange={(event) =>
                            field.onChange(
                              event.target.value.split('\n').filter((line) => line.trim() !== ''),
                            )
                          }
                        />
                      )}
                    </FormField>
                  )}
                />
              ) : null}
              <div className="flex gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => fields.move(index, index - 1)}
                  aria-label={`Subir pergunta ${index + 1}`}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={index === fields.fields.length - 1}
                  onClick={() => fields.move(index, index + 1)}
                  aria-label={`Descer pergunta ${index + 1}`}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="text-destructive"
                  disabled={fields.fields.length === 1}
                  onClick={() => fields.remove(index)}
                  aria-label={`Remover pergunta ${index + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-fit"
        onClick={() =>
          fields.append({
            id: newFieldId(),
            label: '',
            type: 'short_text',
            required: false,
            options: [],
          })
        }
      >
        <Plus aria-hidden="true" /> Adicionar pergunta
      </Button>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Serviços que pedem esta ficha</legend>
        {services.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum serviço ativo.</p>
        ) : null}
        {services.map((service) => (
          <label key={service.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              value={service.id}
              {...hookForm.register('serviceIds')}
            />
            {service.name}
          </label>
        ))}
      </fieldset>
      <SubmitButton
        className="w-full sm:w-fit"
        isPending={save.isPending}
        pendingLabel="Salvando..."
      >
        Salvar ficha
      </SubmitButton>
    </form>
  );
}
