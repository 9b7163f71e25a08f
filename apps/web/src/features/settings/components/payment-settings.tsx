import {
  DEPOSIT_MODE_LABELS,
  DEPOSIT_MODES,
  formatCentsForInput,
  parseBrlToCents,
  paymentSettingsSchema,
  PIX_CITY_MAX,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  PIX_NAME_MAX,
  type PaymentSettings,
  type PixKeyType,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MoneyFormField } from '@/components/ui/money-form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { usePaymentSettings, useSavePaymentSettings } from '../api/payments';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:max-w-xs';

const KEY_PLACEHOLDERS: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'voce@exemplo.com',
  phone: '(11) 98765-4321',
  random: '123e4567-e89b-12d3-a456-426614174000',
};

/** The form holds what was typed; the resolver turns it into the schema's numbers. */
type PaymentFormValues = Omit<
  PaymentSettings,
  'depositFixedCents' | 'depositPercent' | 'windowMinutes'
> & { depositFixedCents: string; depositPercent: string; windowMinutes: string };

function toFormValues(settings: PaymentSettings): PaymentFormValues {
  return {
    ...settings,
    depositFixedCents:
      settings.depositFixedCents > 0 ? formatCentsForInput(settings.depositFixedCents) : '',
    depositPercent: settings.depositPercent > 0 ? String(settings.depositPercent) : '',
    windowMinutes: String(settings.windowMinutes),
  };
}

// The same schema the server checks with (packages/shared/src/pix.ts), after reading the text
// fields: "45,50" is 4550 cents (parseBrlToCents), "12,5" is 12.5 %.
const schemaResolver = zodResolver(paymentSettingsSchema);
const resolver: Resolver<PaymentFormValues, unknown, PaymentSettings> = async (
  values,
  context,
  options,
) => {
  const money = parseBrlToCents(values.depositFixedCents === '' ? '0' : values.depositFixedCents);
  const input = {
    ...values,
    depositFixedCents: money.ok ? money.cents : 0,
    depositPercent:
      values.depositPercent === '' ? 0 : Number(values.depositPercent.replace(',', '.')),
    windowMinutes: Number(values.windowMinutes),
  };
  const result = await schemaResolver(input, context, options as never);
  if (values.depositMode !== 'fixed' || money.ok) return result;
  // An unreadable amount is explained with parseBrlToCents' own message, before the schema's.
  return {
    values: {},
    errors: { ...result.errors, depositFixedCents: { type: 'money', message: money.message } },
  };
};

function PaymentForm({ settings }: { settings: PaymentSettings }) {
  const save = useSavePaymentSettings();
  const form = useForm<PaymentFormValues, unknown, PaymentSettings>({
    resolver,
    defaultValues: toFormValues(settings),
    // Messages stay until the next "Salvar" and nothing moves the focus, as before.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const [keyType, mode] = useWatch({ control: form.control, name: ['pixKeyType', 'depositMode'] });

  async function submit(input: PaymentSettings) {
    try {
      const saved = await save.mutateAsync(input);
      form.setValue('pixKey', saved.pixKey);
      toast.success('Configurações salvas');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }

  return (
    <form
      noValidate
      aria-label="Pagamentos"
      className="grid max-w-2xl gap-5"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <FormField label="Tipo da chave Pix" error={errors.pixKeyType?.message}>
        {(control) => (
          <select {...control} className={selectClass} {...form.register('pixKeyType')}>
            {PIX_KEY_TYPES.map((type) => (
              <option key={type} value={type}>
                {PIX_KEY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Chave Pix" error={errors.pixKey?.message}>
        {(control) => (
          <Input
            {...control}
            placeholder={KEY_PLACEHOLDERS[keyType]}
            autoComplete="off"
            inputMode={keyType === 'cpf' || keyType === 'phone' ? 'tel' : undefined}
            {...form.register('pixKey')}
          />
        )}
      </FormField>
      <FormField
        label="Nome do recebedor"
        description={`Como no seu banco; até ${PIX_NAME_MAX} caracteres.`}
        error={errors.beneficiaryName?.message}
      >
        {(control) => (
          <Input {...control} maxLength={PIX_NAME_MAX} {...form.register('beneficiaryName')} />
        )}
      </FormField>
      <FormField
        label="Cidade"
        description={`Até ${PIX_CITY_MAX} caracteres.`}
        error={errors.beneficiaryCity?.message}
      >
        {(control) => (
          <Input {...control} maxLength={PIX_CITY_MAX} {...form.register('beneficiaryCity')} />
        )}
      </FormField>
      <FormField
        label="Sinal no agendamento online"
        description="Com sinal, o horário fica reservado como “Aguardando sinal” até o pagamento."
        error={errors.depositMode?.message}
      >
        {(control) => (
          <select {...control} className={selectClass} {...form.register('depositMode')}>
            {DEPOSIT_MODES.map((value) => (
              <option key={value} value={value}>
                {DEPOSIT_MODE_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {mode === 'fixed' ? (
        <MoneyFormField
          label="Valor do sinal"
          name="depositFixedCents"
          control={form.control}
          inputClassName="sm:max-w-xs"
        />
      ) : null}
      {mode === 'percent' ? (
        <FormField label="Porcentagem do total" error={errors.depositPercent?.message}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              className="sm:max-w-xs"
              {...form.register('depositPercent')}
            />
          )}
        </FormField>
      ) : null}
      {mode !== 'off' ? (
        <FormField
          label="Prazo para pagar (minutos)"
          description="De 10 a 120 minutos. Sem pagamento no prazo, o agendamento é cancelado."
          error={errors.windowMinutes?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              className="sm:max-w-xs"
              {...form.register('windowMinutes')}
            />
          )}
        </FormField>
      ) : null}
      <SubmitButton
        className="w-full sm:w-fit"
        isPending={save.isPending}
        pendingLabel="Salvando..."
      >
        Salvar
      </SubmitButton>
    </form>
  );
}

/** Configurações > Pagamentos: the Pix key and the sinal of online bookings. */
export function PaymentSettingsCard() {
  const settings = usePaymentSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pagamentos</CardTitle>
        <CardDescription>
          Peça um sinal por Pix no agendamento online. O pagamento vai direto para a sua chave; você
          confirma com “Sinal recebido” na Agenda.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <PaymentForm settings={settings.data} />
        ) : settings.isError ? (
          <p className="text-sm text-destructive">{getErrorMessage(settings.error)}</p>
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
