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
  type DepositMode,
  type PaymentSettings,
  type PixKeyType,
} from '@agendaki/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MoneyInput } from '@/components/ui/money-input';
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

type Errors = Partial<Record<keyof PaymentSettings, string>>;

function PaymentForm({ settings }: { settings: PaymentSettings }) {
  const save = useSavePaymentSettings();
  const [keyType, setKeyType] = useState<PixKeyType>(settings.pixKeyType);
  const [pixKey, setPixKey] = useState(settings.pixKey);
  const [name, setName] = useState(settings.beneficiaryName);
  const [city, setCity] = useState(settings.beneficiaryCity);
  const [mode, setMode] = useState<DepositMode>(settings.depositMode);
  const [fixed, setFixed] = useState(
    settings.depositFixedCents > 0 ? formatCentsForInput(settings.depositFixedCents) : '',
  );
  const [percent, setPercent] = useState(
    settings.depositPercent > 0 ? String(settings.depositPercent) : '',
  );
  const [windowMinutes, setWindowMinutes] = useState(String(settings.windowMinutes));
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const money = parseBrlToCents(fixed === '' ? '0' : fixed);
    const next: Errors = {};
    if (mode === 'fixed' && !money.ok) next.depositFixedCents = money.message;
    const input = {
      pixKeyType: keyType,
      pixKey,
      beneficiaryName: name,
      beneficiaryCity: city,
      depositMode: mode,
      depositFixedCents: money.ok ? money.cents : 0,
      depositPercent: percent === '' ? 0 : Number(percent.replace(',', '.')),
      windowMinutes: Number(windowMinutes),
    };
    // The same schema the server checks with (packages/shared/src/pix.ts).
    const parsed = paymentSettingsSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof PaymentSettings;
        next[field] ??= issue.message;
      }
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    try {
      const saved = await save.mutateAsync(parsed.data);
      setPixKey(saved.pixKey);
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
      onSubmit={(e) => void submit(e)}
    >
      <FormField label="Tipo da chave Pix" error={errors.pixKeyType}>
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={keyType}
            onChange={(e) => setKeyType(e.target.value as PixKeyType)}
          >
            {PIX_KEY_TYPES.map((type) => (
              <option key={type} value={type}>
                {PIX_KEY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Chave Pix" error={errors.pixKey}>
        {(control) => (
          <Input
            {...control}
            value={pixKey}
            placeholder={KEY_PLACEHOLDERS[keyType]}
            autoComplete="off"
            inputMode={keyType === 'cpf' || keyType === 'phone' ? 'tel' : undefined}
            onChange={(e) => setPixKey(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Nome do recebedor"
        description={`Como no seu banco; até ${PIX_NAME_MAX} caracteres.`}
        error={errors.beneficiaryName}
      >
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={PIX_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Cidade"
        description={`Até ${PIX_CITY_MAX} caracteres.`}
        error={errors.beneficiaryCity}
      >
        {(control) => (
          <Input
            {...control}
            value={city}
            maxLength={PIX_CITY_MAX}
            onChange={(e) => setCity(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Sinal no agendamento online"
        description="Com sinal, o horário fica reservado como “Aguardando sinal” até o pagamento."
        error={errors.depositMode}
      >
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={mode}
            onChange={(e) => setMode(e.target.value as DepositMode)}
          >
            {DEPOSIT_MODES.map((value) => (
              <option key={value} value={value}>
                {DEPOSIT_MODE_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {mode === 'fixed' ? (
        <FormField label="Valor do sinal" error={errors.depositFixedCents}>
          {(control) => (
            <MoneyInput
              {...control}
              value={fixed}
              onValueChange={setFixed}
              className="sm:max-w-xs"
            />
          )}
        </FormField>
      ) : null}
      {mode === 'percent' ? (
        <FormField label="Porcentagem do total" error={errors.depositPercent}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              className="sm:max-w-xs"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
            />
          )}
        </FormField>
      ) : null}
      {mode !== 'off' ? (
        <FormField
          label="Prazo para pagar (minutos)"
          description="De 10 a 120 minutos. Sem pagamento no prazo, o agendamento é cancelado."
          error={errors.windowMinutes}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              className="sm:max-w-xs"
              value={windowMinutes}
              onChange={(e) => setWindowMinutes(e.target.value)}
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
