import {
  type ClosingDraft,
  type ClosingFormValues,
  type ClosingInput,
  formatCentsForInput,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from '@agendaki/shared';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { NativeSelect } from '@/components/ui/native-select';

/** The closing's payments: method, amount and, for a package session, which package. */
export function ClosingPayments({
  form,
  draft,
  owedCents,
}: {
  form: UseFormReturn<ClosingFormValues, unknown, ClosingInput>;
  draft: ClosingDraft;
  owedCents: number;
}) {
  const { control, register } = form;
  const errors = form.formState.errors;
  const payments = useFieldArray({ control, name: 'payments' });
  const watched = useWatch({ control, name: 'payments' });
  const preview = { owedCents };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Pagamentos</legend>
      {payments.fields.map((field, index) => {
        const method = watched?.[index]?.method;
        return (
          <div key={field.id} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
            <FormField label={`Forma de pagamento ${index + 1}`}>
              {(fieldControl) => (
                <NativeSelect {...fieldControl} {...register(`payments.${index}.method`)}>
                  {PAYMENT_METHODS.filter(
                    (m) =>
                      (m !== 'package' || draft.packages.length > 0) &&
                      (m !== 'deposit' || draft.depositCents > 0),
                  ).map((m) => (
                    <option key={m} value={m}>
                      {PAYMENT_METHOD_LABELS[m]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <MoneyFormField
              label={`Valor do pagamento ${index + 1}`}
              name={`payments.${index}.amount`}
              control={control}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remover pagamento ${index + 1}`}
              onClick={() => payments.remove(index)}
            >
              <X aria-hidden="true" />
            </Button>
            {method === 'package' ? (
              <FormField
                label={`Pacote do pagamento ${index + 1}`}
                error={errors.payments?.[index]?.clientPackageId?.message}
                className="col-span-3"
              >
                {(fieldControl) => (
                  <NativeSelect
                    {...fieldControl}
                    {...register(`payments.${index}.clientPackageId`)}
                  >
                    <option value="">Escolha o pacote</option>
                    {draft.packages.map((p) => (
                      <option key={p.clientPackageId} value={p.clientPackageId}>
                        {p.name} ({p.sessionsLeft} {p.sessionsLeft === 1 ? 'sessão' : 'sessões'})
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
          </div>
        );
      })}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() =>
          payments.append({
            method: 'pix',
            amount: preview.owedCents > 0 ? formatCentsForInput(preview.owedCents) : '',
            clientPackageId: '',
          })
        }
      >
        <Plus aria-hidden="true" />
        Adicionar pagamento
      </Button>
    </fieldset>
  );
}
