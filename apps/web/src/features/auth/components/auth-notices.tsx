import { CircleCheck, CircleX, MailCheck } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ResendVerificationForm } from './resend-verification-form';

/** Where the confirmation link (`/api/auth/verify-email`) lands: `/auth?verified=1|0`. */
export function VerificationResultNotice({ isVerified }: { isVerified: boolean }) {
  if (isVerified) {
    return (
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>E-mail confirmado! Agora é só entrar.</AlertTitle>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive">
      <CircleX aria-hidden="true" />
      <AlertTitle>Link de confirmação inválido ou expirado</AlertTitle>
      <AlertDescription>
        <p>O link pode já ter sido usado ou ter passado de 24 horas. Peça um novo abaixo.</p>
        <ResendVerificationForm />
      </AlertDescription>
    </Alert>
  );
}

/** Shown on the login view right after sign-up. */
export function SignedUpNotice({ email }: { email: string }) {
  return (
    <Alert variant="info">
      <MailCheck aria-hidden="true" />
      <AlertTitle>Confirme seu e-mail para entrar</AlertTitle>
      <AlertDescription>
        <p>
          Enviamos um link de confirmação para <strong className="break-all">{email}</strong>.
          Abra-o e depois entre com sua senha.
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** Where a used or expired sign-in link (`/api/auth/sign-in-link`) lands: `/auth?link=0`. */
export function SignInLinkInvalidNotice() {
  return (
    <Alert variant="destructive">
      <CircleX aria-hidden="true" />
      <AlertTitle>Link de acesso inválido ou expirado</AlertTitle>
      <AlertDescription>
        <p>
          O link pode já ter sido usado ou ter passado de 15 minutos. Entre com sua senha ou peça um
          novo link.
        </p>
      </AlertDescription>
    </Alert>
  );
}
