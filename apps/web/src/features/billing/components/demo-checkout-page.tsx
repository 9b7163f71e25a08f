import {
  DEFAULT_TIMEZONE,
  formatCurrencyFromCents,
  LOCAL_SESSION_ID_PATTERN,
  type BillingSummary,
} from '@agendaki/shared';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, FlaskConical, LogIn } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getErrorMessage } from '@/lib/api-client';
import { useCancelDemoSubscription, usePayDemoCheckout } from '../api/demo-checkout';
import { getBillingQueryOptions } from '../api/get-billing';
import { formatBillingDate, getStatusLabel } from '../lib/billing-view';

const TITLES = {
  checkout: 'Finalizar assinatura',
  manage: 'Gerenciar assinatura',
  cancel: 'Cancelar pagamento recorrente',
} as const;

function DemoNotice() {
  return (
    <Alert variant="warning" role="note" className="border-2">
      <FlaskConical aria-hidden="true" />
      <AlertTitle className="text-base font-semibold">
        Demonstração — nenhum pagamento real
      </AlertTitle>
      <AlertDescription>
        Esta página faz o papel do provedor de pagamento. Nenhum cartão é pedido e nada é cobrado.
      </AlertDescription>
    </Alert>
  );
}

function describeState(summary: BillingSummary, timeZone: string): string {
  const periodEnd = formatBillingDate(summary.currentPeriodEnd, timeZone);
  if (summary.isActive && summary.cancelAtPeriodEnd) {
    return `Renovação cancelada: acesso até ${periodEnd}.`;
  }
  if (summary.isActive) return `Assinatura ativa. Próxima cobrança em ${periodEnd}.`;
  if (summary.isTrial) {
    return `Período gratuito até ${formatBillingDate(summary.trialEnd, timeZone)}.`;
  }
  return `Assinatura ${getStatusLabel(summary).toLowerCase()}.`;
}

function DemoCheckout({
  summary,
  email,
  timeZone,
}: {
  summary: BillingSummary;
  email: string;
  timeZone: string;
}) {
  const [searchParams] = useSearchParams();
  const session = searchParams.get('session') ?? '';
  const sessionId = LOCAL_SESSION_ID_PATTERN.test(session) ? session : undefined;
  const intent = searchParams.get('intent');
  const title = intent === 'manage' || intent === 'cancel' ? TITLES[intent] : TITLES.checkout;
  const pay = usePayDemoCheckout();
  const cancel = useCancelDemoSubscription();
  const isBusy = pay.isPending || cancel.isPending;
  const canPay = !summary.isActive || summary.cancelAtPeriodEnd;
  const canCancel = summary.isActive && !summary.cancelAtPeriodEnd;
  const price = formatCurrencyFromCents(summary.planPriceCents);
  const onError = (error: unknown) =>
    toast.error('Erro no pagamento de demonstração', { description: getErrorMessage(error) });

  if (summary.provider !== 'local') {
    return (
      <Alert variant="destructive">
        <AlertTitle>O checkout de demonstração está desligado</AlertTitle>
        <AlertDescription>Os pagamentos desta instalação passam pelo Stripe.</AlertDescription>
      </Alert>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardDescription>Agendaki</CardDescription>
        <CardTitle className="text-xl">{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/40 p-4">
          <div>
            <p className="font-semibold">{summary.planName}</p>
            <p className="text-sm text-muted-foreground">Cobrança mensal · cancele quando quiser</p>
          </div>
          <p className="shrink-0 text-right whitespace-nowrap" data-testid="demo-checkout-price">
            <span className="text-xl font-bold">{price}</span>
            <span className="text-sm text-muted-foreground">/mês</span>
          </p>
        </div>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Conta</dt>
            <dd className="truncate font-medium">{email}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Situação</dt>
            <dd className="text-right font-medium" data-testid="demo-checkout-state">
              {describeState(summary, timeZone)}
            </dd>
          </div>
        </dl>
        {pay.isSuccess && summary.isActive ? (
          <Alert variant="success">
            <CircleCheck aria-hidden="true" />
            <AlertTitle>Pagamento confirmado!</AlertTitle>
            <AlertDescription>Você já pode fechar esta aba e voltar ao Agendaki.</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-2">
          {canPay ? (
            <SubmitButton
              type="button"
              size="lg"
              isPending={pay.isPending}
              pendingLabel="Processando..."
              disabled={isBusy}
              onClick={() => pay.mutate(sessionId, { onError })}
            >
              Pagar
            </SubmitButton>
          ) : null}
          {canCancel ? (
            <SubmitButton
              type="button"
              variant="outline"
              size="lg"
              className="text-destructive hover:bg-destructive/5 hover:text-destructive"
              isPending={cancel.isPending}
              pendingLabel="Cancelando..."
              disabled={isBusy}
              onClick={() => cancel.mutate(undefined, { onError })}
            >
              Cancelar assinatura
            </SubmitButton>
          ) : null}
          <Button asChild variant="ghost">
            <Link to={paths.dashboard.billing.getHref()}>Voltar para Assinaturas</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The local provider's checkout and portal (docs/product.md, Subscription), opened in a new tab by
 * "Assinar Agora", "Gerenciar Assinatura" or "Cancelar Pagamento Recorrente".
 */
export function DemoCheckoutPage() {
  useDocumentTitle('Pagamento de demonstração');
  const me = useMe();
  const billing = useQuery({ ...getBillingQueryOptions(), enabled: Boolean(me.data) });

  let body;
  if (me.isPending || (me.data && billing.isPending)) {
    body = <Spinner className="size-8" label="Carregando pagamento..." />;
  } else if (!me.data) {
    body = (
      <Card>
        <CardHeader>
          <CardTitle>Entre para continuar</CardTitle>
          <CardDescription>
            O pagamento é feito na conta em que você está conectado.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to={paths.auth.getHref()}>
              <LogIn aria-hidden="true" />
              Entrar
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  } else if (billing.isError || !billing.data) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Erro ao carregar o pagamento</AlertTitle>
        <AlertDescription>{getErrorMessage(billing.error)}</AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <DemoCheckout
        summary={billing.data}
        email={me.data.user.email}
        timeZone={me.data.profile.timezone ?? DEFAULT_TIMEZONE}
      />
    );
  }
  return (
    <div className="w-full max-w-md space-y-4">
      <DemoNotice />
      {body}
    </div>
  );
}
