import { AUTOMATION_TEXT_MAX, fillAutomationText } from '@agendaki/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

export interface AutomationTextProps {
  label: string;
  registration: UseFormRegisterReturn;
  value: string;
  error?: string;
  preview: { service: string; link: string };
  testId: string;
}

/** A message's editable text with its placeholders, and how a client will read it. */
export function AutomationText({
  label,
  registration,
  value,
  error,
  preview,
  testId,
}: AutomationTextProps) {
  return (
    <div className="grid gap-3">
      <FormField
        label={label}
        error={error}
        description="Use {nome}, {servico} e {link}. Um link para a cliente se descadastrar vai no fim de toda mensagem."
      >
        {(control) => (
          <Textarea {...control} rows={3} maxLength={AUTOMATION_TEXT_MAX} {...registration} />
        )}
      </FormField>
      <div className="rounded-lg border bg-muted/40 p-4">
        <p className="mb-1 text-xs font-medium text-muted-foreground">Pré-visualização</p>
        <p data-testid={testId} className="text-sm break-words whitespace-pre-wrap">
          {fillAutomationText(value, { name: 'Maria', ...preview })}
        </p>
      </div>
    </div>
  );
}
