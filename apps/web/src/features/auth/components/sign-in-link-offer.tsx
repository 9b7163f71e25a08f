import { LoaderCircle, ShieldAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useRequestSignInLink } from '../api/sign-in-link';

/**
 * Shown when the account's sign-in is throttled (429 SIGN_IN_THROTTLED): the server's message and
 * the way in that does not wait, a one-time link sent to the address typed in the form.
 */
export function SignInLinkOffer({ message, email }: { message: string; email: string }) {
  const request = useRequestSignInLink();

  async function send() {
    try {
      const result = await request.mutateAsync({ email });
      toast.success('Link de acesso solicitado', { description: result.message });
    } catch (error) {
      toast.error('Erro ao enviar o link', { description: getErrorMessage(error) });
    }
  }

  return (
    <Alert variant="warning">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>Entrada com senha temporariamente retardada</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        {request.isSuccess ? (
          <p role="status">{request.data.message}</p>
        ) : (
          <Button
            type="button"
            variant="outline"
            className="mt-2"
            disabled={request.isPending}
            onClick={() => void send()}
          >
            {request.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : null}
            Enviar link de acesso por e-mail
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
