import {
  PIX_PROVIDER_LABELS,
  pixProviderCredentialsInputSchema,
  type PixProviderStatus,
} from '@agendaki/shared';
import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
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

type FieldErrors = Partial<Record<'accessToken' | 'webhookSecret', string>>;

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

function CredentialsForm({ status }: { status: PixProviderStatus }) {
  const save = useSavePixProvider();
  const remove = useRemovePixProvider();
  const [accessToken, setAccessToken] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = pixProviderCredentialsInputSchema.safeParse({ accessToken, webhookSecret });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setAccessToken('');
      setWebhookSecret('');
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
      onSubmit={(e) => void submit(e)}
    >
      <p className="text-sm" role="status">
        {status.configured
          ? 'Mercado Pago: configurado. Os sinais pagos são confirmados sozinhos.'
          : 'Não configurado: o cliente recebe o Pix Copia e Cola da sua chave e você confirma com "Sinal recebido".'}
      </p>
      <FormField
        label="Access Token (produção)"
        error={errors.accessToken}
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
            value={accessToken}
            onChange={(event) => setAccessToken(event.target.value)}
            placeholder={status.configured ? '••••••••' : 'APP_USR-…'}
          />
        )}
      </FormField>
      <FormField
        label="Assinatura secreta do webhook"
        error={errors.webhookSecret}
        description="No Mercado Pago: Suas integrações > sua aplicação > Webhooks > Assinatura secreta."
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={webhookSecret}
            onChange={(event) => setWebhookSecret(event.target.value)}
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
