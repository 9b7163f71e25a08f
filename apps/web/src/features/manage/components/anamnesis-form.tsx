import {
  anamnesisAnswerInputSchema,
  answerValueSchema,
  type AnswerValue,
  type BookingForms,
  checkAnswers,
  CONSENT_REQUIRED_MESSAGE,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardList } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { useAnswerForm, useBookingForms } from '../api/anamnesis';

type AskedForm = BookingForms['forms'][number];
type Field = AskedForm['fields'][number];
const choiceClass = 'flex items-center gap-2 text-sm';
/** The form's values: the consent unticked at first (the server takes only `true`). */
const answerFieldsSchema = anamnesisAnswerInputSchema.extend({
  consent: z.boolean(),
  // A question not touched yet is undefined: `checkAnswers` below says which one is missing.
  answers: z.record(z.string(), answerValueSchema.optional()),
});
type AnswerFields = z.infer<typeof answerFieldsSchema>;

const withoutEmpty = (answers: AnswerFields['answers']): Record<string, AnswerValue> =>
  Object.fromEntries(
    Object.entries(answers).filter(
      (entry): entry is [string, AnswerValue] => entry[1] !== undefined,
    ),
  );

function FieldControl({ field, control }: { field: Field; control: Control<AnswerFields> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={`answers.${field.id}`}
      render={({ field: input }) => {
        const value = input.value as AnswerValue | undefined;
        const legend = `${field.label}${field.required ? ' *' : ''}`;
        if (field.type === 'short_text' || field.type === 'date' || field.type === 'long_text') {
          const Control = field.type === 'long_text' ? Textarea : Input;
          return (
            <div className="grid gap-2">
              <Label htmlFor={id}>{legend}</Label>
              <Control
                id={id}
                type={field.type === 'date' ? 'date' : undefined}
                maxLength={field.type === 'short_text' ? 200 : 2000}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => input.onChange(event.target.value)}
              />
            </div>
          );
        }
        const options =
          field.type === 'yes_no'
            ? [
                { label: 'Sim', value: true as AnswerValue },
                { label: 'Não', value: false as AnswerValue },
              ]
            : field.options.map((option) => ({ label: option, value: option as AnswerValue }));
        const isMany = field.type === 'many_choices';
        const chosen = Array.isArray(value) ? value : [];
        return (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{legend}</legend>
            {options.map((option) => (
              <label key={String(option.value)} className={choiceClass}>
                <input
                  type={isMany ? 'checkbox' : 'radio'}
                  name={`${id}-choice`}
                  className="size-4 accent-primary"
                  checked={
                    isMany ? chosen.includes(option.value as string) : value === option.value
                  }
                  onChange={(event) => {
                    if (!isMany) return input.onChange(option.value);
                    const text = option.value as string;
                    input.onChange(
                      event.target.checked ? [...chosen, text] : chosen.filter((v) => v !== text),
                    );
                  }}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        );
      }}
    />
  );
}

function AnswerForm({
  token,
  form,
  consentText,
}: {
  token: string;
  form: AskedForm;
  consentText: string;
}) {
  const answer = useAnswerForm(token);
  const consentId = useId();
  // The questions first, then the consent: both are checked on every try.
  const schema = answerFieldsSchema.superRefine((input, ctx) => {
    const checked = checkAnswers(form.fields, withoutEmpty(input.answers));
    if ('error' in checked) {
      ctx.addIssue({ code: 'custom', message: checked.error, path: ['answers'] });
    }
    if (input.consent !== true) {
      ctx.addIssue({ code: 'custom', message: CONSENT_REQUIRED_MESSAGE, path: ['consent'] });
    }
  });
  const hookForm = useForm<AnswerFields, unknown, AnswerFields>({
    resolver: zodResolver(schema),
    defaultValues: {
      formId: form.formId,
      version: form.version,
      answers: {},
      consent: false as never,
    },
  });
  const errors = hookForm.formState.errors;
  // The check of the whole record: react-hook-form may keep it as the field's own message or,
  // since the record has registered children, under its `root`.
  const answersError = errors.answers as
    { message?: unknown; root?: { message?: unknown } } | undefined;
  const answersMessage = answersError?.message ?? answersError?.root?.message;
  const problem =
    (typeof answersMessage === 'string' ? answersMessage : undefined) ??
    errors.consent?.message ??
    (answer.error ? getErrorMessage(answer.error) : null);
  return (
    <form
      noValidate
      aria-label={form.name}
      className="grid gap-4"
      onSubmit={(event) =>
        void hookForm.handleSubmit((input) =>
          answer.mutate({ ...input, answers: withoutEmpty(input.answers), consent: true }),
        )(event)
      }
    >
      {form.fields.map((field) => (
        <FieldControl key={field.id} field={field} control={hookForm.control} />
      ))}
      <Controller
        control={hookForm.control}
        name="consent"
        render={({ field }) => (
          <label
            htmlFor={consentId}
            className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm"
          >
            <input
              id={consentId}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
            />
            <span>{consentText}</span>
          </label>
        )}
      />
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <SubmitButton
        className="w-full sm:w-fit"
        isPending={answer.isPending}
        pendingLabel="Enviando..."
      >
        Enviar ficha
      </SubmitButton>
    </form>
  );
}

/** The anamnesis forms of the booking, on the client's page: answered once, before the time. */
export function AnamnesisForms({ token }: { token: string }) {
  const forms = useBookingForms(token);
  if (!forms.data || forms.data.forms.length === 0) return null;
  return (
    <section
      id="ficha"
      aria-labelledby="ficha-title"
      className="space-y-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="ficha-title" className="flex items-center gap-2 text-lg font-semibold">
        <ClipboardList className="size-5 text-primary" aria-hidden="true" />
        Ficha de anamnese
      </h2>
      {forms.data.forms.map((form) =>
        form.answeredAt ? (
          <p
            key={form.formId}
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            Ficha “{form.name}” enviada. Obrigado!
          </p>
        ) : (
          <div key={form.formId} className="space-y-3">
            <p className="text-sm text-muted-foreground">
              {form.name}: responda antes do seu horário. Suas respostas ficam guardadas com
              criptografia e só o profissional as vê.
            </p>
            <AnswerForm token={token} form={form} consentText={forms.data.consentText} />
          </div>
        ),
      )}
    </section>
  );
}
