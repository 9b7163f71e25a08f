import {
  formatPhone,
  BRAZIL_STATES,
  PROFILE_BIO_MAX,
  profileUpdateSchema,
  type Profile,
  type ProfileUpdate,
  type ProfileUpdateInput,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { SubmitButton } from '@/components/ui/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-client';
import { toastFirstValidationError } from '@/lib/validation-toast';
import { useUpdateProfile } from '../api/update-profile';
import { getTimeZoneOptions } from '../lib/time-zones';

/** The form holds strings; the shared schema trims them and turns empty optionals into null. */
type BusinessFormValues = ProfileUpdateInput;

const reportInvalid = toastFirstValidationError<BusinessFormValues>([
  'professionalName',
  'businessName',
  'phone',
  'bio',
  'timezone',
  'state',
]);

/** Radix's select has no empty value: this one stands for "no state". */
const NO_STATE = 'none';

function toFormValues(profile: Profile): BusinessFormValues {
  return {
    professionalName: profile.professionalName,
    businessName: profile.businessName,
    phone: profile.phone ? formatPhone(profile.phone) : '',
    bio: profile.bio ?? '',
    timezone: profile.timezone,
    state: (profile.state as ProfileUpdateInput['state']) ?? null,
  };
}

/** Configurações > Negócio: what clients see on the public page, and the agenda's time zone. */
export function BusinessForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const form = useForm<BusinessFormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: toFormValues(profile),
  });
  const { errors, isDirty } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' });

  async function submit(input: ProfileUpdate) {
    try {
      const saved = await update.mutateAsync(input);
      form.reset(toFormValues(saved));
      toast.success('Perfil atualizado');
    } catch (error) {
      toast.error('Erro ao atualizar perfil', { description: getErrorMessage(error) });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Negócio</CardTitle>
        <CardDescription>Como seus clientes veem você na página de agendamento.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Dados do negócio"
          className="grid max-w-2xl gap-5"
          onSubmit={form.handleSubmit(submit, reportInvalid)}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Seu nome" error={errors.professionalName?.message}>
              {(control) => (
                <Input {...control} autoComplete="name" {...form.register('professionalName')} />
              )}
            </FormField>
            <FormField label="Nome do negócio" error={errors.businessName?.message}>
              {(control) => (
                <Input
                  {...control}
                  autoComplete="organization"
                  {...form.register('businessName')}
                />
              )}
            </FormField>
          </div>
          <FormField
            label="Telefone"
            error={errors.phone?.message}
            description="Opcional. Vai no e-mail de confirmação, para o cliente remarcar ou cancelar."
          >
            {(control) => (
              <Input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="(11) 98765-4321"
                className="sm:max-w-xs"
                {...form.register('phone')}
              />
            )}
          </FormField>
          <FormField
            label="Sobre"
            error={errors.bio?.message}
            description="Opcional. Aparece na sua página pública."
            labelAside={
              <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
                {(bio ?? '').length}/{PROFILE_BIO_MAX}
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                placeholder="Conte em poucas palavras o que você oferece."
                {...form.register('bio')}
              />
            )}
          </FormField>
          <FormField
            label="Fuso horário"
            error={errors.timezone?.message}
            description="Datas e horários da agenda e da página pública seguem este fuso."
          >
            {(control) => (
              <Controller
                control={form.control}
                name="timezone"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger
                      id={control.id}
                      aria-invalid={control['aria-invalid'] || undefined}
                      aria-describedby={control['aria-describedby']}
                      className="sm:max-w-sm"
                      onBlur={field.onBlur}
                    >
                      <SelectValue placeholder="Selecione o fuso horário" />
                    </SelectTrigger>
                    <SelectContent>
                      {getTimeZoneOptions(profile.timezone).map((zone) => (
                        <SelectItem key={zone.value} value={zone.value}>
                          {zone.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <FormField
            label="Estado (UF)"
            error={errors.state?.message}
            description="Os feriados do seu estado aparecem em Horário de Atendimento."
          >
            {(control) => (
              <Controller
                control={form.control}
                name="state"
                render={({ field }) => (
                  <Select
                    value={field.value ?? NO_STATE}
                    onValueChange={(value) => field.onChange(value === NO_STATE ? null : value)}
                  >
                    <SelectTrigger
                      id={control.id}
                      aria-invalid={control['aria-invalid'] || undefined}
                      aria-describedby={control['aria-describedby']}
                      className="sm:max-w-xs"
                      onBlur={field.onBlur}
                    >
                      <SelectValue placeholder="Selecione o estado" />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_STATE}>Nenhum (só feriados nacionais)</SelectItem>
                      {BRAZIL_STATES.map((uf) => (
                        <SelectItem key={uf} value={uf}>
                          {uf}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <SubmitButton
            className="mt-1 w-full sm:w-fit"
            isPending={update.isPending}
            pendingLabel="Salvando..."
            disabled={!isDirty}
          >
            Salvar alterações
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
