import {
  PIX_PROVIDER_LABELS,
  pixProviderCredentialsInputSchema,
  type PixProviderCredentialsInput,
  type PixProviderStatus,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { getErrorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { usePixProvider, useRemovePixProvider, useSavePixProvider } from '../api/pix-provider';

function WebhookAddress({ status }: { status: PixProviderStatus }) {
  async function copy() {
    if (await copyText(status.webhookUrl)) toast.success('Endereço copiado!');
    else toast.error('Não foi possível copiar', { description: 'Selecione e copie manualmente.' });
  }
  return (
    <FormField
      label="Endereço do webhook"
      description={`Cole este endereço nas notificações (webhooks) da sua aplicação no ${PIX_PROVIDER_LABELS[status.provider]}, com o evento "Pagamentos".`}
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            readOnly
            value={status.webhookUrl}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copiar
          </Button>
        </div>
      )}
    </FormField>
  );
}

const EMPTY_CREDENTIALS: PixProviderCredentialsInput = { accessToken: '', webhookSecret: '' };

function CredentialsForm({ status }: { status: PixProviderStatus }) {
  const save = useSavePixProvider();
  const remove = useRemovePixProvider();
  const form = useForm<PixProviderCredentialsInput>({
    resolver: zodResolver(pixProviderCredentialsInputSchema),
    defaultValues: EMPTY_CREDENTIALS,
    // Messages stay until the next submit and nothing moves the focus, as before.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  async function submit(input: PixProviderCredentialsInput) {
    try {
      await save.mutateAsync(input);
      form.reset(EMPTY_CREDENTIALS);
      toast.success('Confirmação automática ativada');
    } catch (error) {
      toast.error('Erro ao salvar', { description: getErrorMessage(error) });
    }
  }

  function turnOff() {
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Confirmação automática desativada'),
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  }

  return (
    <form
      noValidate
      aria-label="Confirmação automática"
      className="grid max-w-2xl gap-5"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <p className="text-sm" role="status">
        {status.configured
          ? 'Mercado Pago: configurado. Os sinais pagos são confirmados sozinhos.'
          : 'Não configurado: o cliente recebe o Pix Copia e Cola da sua chave e você confirma com "Sinal recebido".'}
      </p>
      <FormField
        label="Access Token (produção)"
        error={errors.accessToken?.message}
        description={
          status.configured
            ? 'Guardado com criptografia e nunca exibido. Para trocar, informe um novo.'
            : 'No Mercado Pago: Suas integrações > sua aplicação > Credenciais de produção.'
        }
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            {...form.register('accessToken')}
            placeholder={status.configured ? '••••••••' : 'APP_USR-…'}
          />
        )}
      </FormField>
      <FormField
        label="Assinatura secreta do webhook"
        error={errors.webhookSecret?.message}
        description="No Mercado Pago: Suas integrações > sua aplicação > Webhooks > Assinatura secreta."
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            {...form.register('webhookSecret')}
            placeholder={status.configured ? '••••••••' : ''}
          />
        )}
      </FormField>
      <WebhookAddress status={status} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton isPending={save.isPending}>
          {status.configured ? 'Trocar credenciais' : 'Ativar confirmação automática'}
        </SubmitButton>
        {status.configured ? (
          <ConfirmDialog
            title="Desativar a confirmação automática?"
            description='As credenciais são apagadas. Os próximos agendamentos recebem o Pix da sua chave e você confirma com "Sinal recebido".'
            confirmLabel="Desativar"
            onConfirm={turnOff}
            trigger={
              <Button type="button" variant="outline" disabled={remove.isPending}>
                Desativar
              </Button>
            }
          />
        ) : null}
      </div>
    </form>
  );
}

/**
 * Configurações > Pagamentos, "Confirmação automática" (docs/decisions/018-pix-provider.md): the
 * professional's own Mercado Pago credentials. The server keeps them sealed and answers only
 * whether they are configured; the fields always start empty.
 */
export function PixProviderSettings() {
  const status = usePixProvider();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Confirmação automática</CardTitle>
        <CardDescription>
          Com a sua conta do Mercado Pago, cada agendamento recebe um Pix com prazo, e o sinal é
          confirmado assim que o cliente paga. O dinheiro vai direto para a sua conta.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.data ? (
          <CredentialsForm status={status.data} />
        ) : status.isError ? (
          <p className="text-sm text-destructive">{getErrorMessage(status.error)}</p>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
      </CardContent>
    </Card>
  );
}
