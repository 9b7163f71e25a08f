import { deleteAccountSchema, type DeleteAccountInput } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { ACCOUNT_EXPORT_HREF, useDeleteAccount } from '../api/delete-account';

/**
 * Configurações > Privacidade (docs/decisions/012-lgpd.md): take everything ("Exportar tudo",
 * a ZIP of CSVs that Excel opens) and erase everything ("Excluir minha conta").
 */
export function PrivacySettings() {
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Exportar tudo</CardTitle>
          <CardDescription>
            Um arquivo ZIP com planilhas (CSV) dos seus clientes, agendamentos, serviços, horários,
            exceções, folgas e bloqueios. Abre no Excel e no Google Planilhas.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full sm:w-fit">
            <a href={ACCOUNT_EXPORT_HREF} download>
              <Download aria-hidden="true" />
              Exportar tudo
            </a>
          </Button>
        </CardContent>
      </Card>
      <DeleteAccountCard />
      <p className="text-sm text-muted-foreground">
        Como tratamos os dados dos seus clientes:{' '}
        <a className="underline underline-offset-4" href={paths.privacy.getHref()}>
          Política de privacidade
        </a>
        .
      </p>
    </div>
  );
}

/** One toast, as before the form moved to react-hook-form: "Digite sua senha para confirmar". */
function reportInvalid(errors: FieldErrors<DeleteAccountInput>) {
  if (errors.password?.message) toast.error(errors.password.message);
}

function DeleteAccountCard() {
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
    shouldFocusError: false,
  });
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const passwordId = useId();

  async function submit(input: DeleteAccountInput) {
    try {
      await deleteAccount.mutateAsync(input);
      toast.success('Conta excluída', {
        description: 'Seus dados e os dos seus clientes foram apagados.',
      });
      // The session is forgotten when this page is gone (useDeleteAccount).
      await navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      toast.error('Erro ao excluir conta', { description: getErrorMessage(error) });
    }
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Excluir minha conta</CardTitle>
        <CardDescription>
          Cancela a assinatura e apaga para sempre seus serviços, imagens, horários, clientes e
          agendamentos. Todas as sessões são encerradas e seu link deixa de funcionar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Excluir minha conta"
          className="grid max-w-xl gap-4"
          onSubmit={(event) => void form.handleSubmit(submit, reportInvalid)(event)}
        >
          <Alert variant="destructive" role="note">
            <TriangleAlert aria-hidden="true" />
            <AlertTitle>Esta ação não pode ser desfeita.</AlertTitle>
            <AlertDescription>
              Use "Exportar tudo" antes, se quiser guardar seus dados.
            </AlertDescription>
          </Alert>
          <div className="grid gap-2">
            <Label htmlFor={passwordId}>Digite sua senha para confirmar</Label>
            <PasswordInput
              id={passwordId}
              autoComplete="current-password"
              {...form.register('password')}
            />
          </div>
          <SubmitButton
            variant="destructive"
            className="w-full sm:w-fit"
            isPending={deleteAccount.isPending}
            pendingLabel="Excluindo..."
          >
            Excluir minha conta
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
