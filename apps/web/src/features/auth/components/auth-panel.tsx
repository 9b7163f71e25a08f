import { TRIAL_DAYS } from '@agendaki/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { AuthView } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SignedUpNotice, SignInLinkInvalidNotice, VerificationResultNotice } from './auth-notices';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

const HEADINGS: Record<AuthView, { title: string; description: string }> = {
  login: { title: 'Entrar', description: 'Acesse sua conta para gerenciar sua agenda.' },
  cadastro: {
    title: 'Criar sua conta',
    description: `Comece agora com ${TRIAL_DAYS} dias grátis.`,
  },
  'recuperar-senha': {
    title: 'Recuperar senha',
    description: 'Informe seu email e enviaremos um link para criar uma nova senha.',
  },
};

function toAuthView(value: string | null): AuthView {
  return value === 'cadastro' || value === 'recuperar-senha' ? value : 'login';
}

/**
 * /auth: tabs "Login" and "Cadastrar", and the "Esqueci minha senha" view. The view lives in
 * `?view=` (links can open sign-up directly); `?verified=` is where the confirmation link lands, `?link=0` a used or expired sign-in link.
 */
export function AuthPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = toAuthView(searchParams.get('view'));
  const verified = searchParams.get('verified');
  const isSignInLinkInvalid = searchParams.get('link') === '0';
  // The address just used, carried between views so nobody types it twice.
  const [email, setEmail] = useState('');
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);
  const heading = HEADINGS[view];
  useDocumentTitle(heading.title);

  function showView(next: AuthView) {
    // Leaving the view drops `verified`: its message belongs to the moment the link was opened.
    setSearchParams(next === 'login' ? {} : { view: next }, { replace: true });
  }

  return (
    <Card className="w-full max-w-md gap-5">
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">{heading.title}</h1>
        <CardDescription>{heading.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {view === 'login' && verified !== null ? (
          <VerificationResultNotice isVerified={verified === '1'} />
        ) : null}
        {view === 'login' && isSignInLinkInvalid ? <SignInLinkInvalidNotice /> : null}
        {view === 'recuperar-senha' ? (
          <ForgotPasswordForm
            defaultEmail={email}
            onBackToLogin={(sentTo) => {
              if (sentTo) setEmail(sentTo);
              showView('login');
            }}
          />
        ) : (
          <Tabs value={view} onValueChange={(next) => showView(toAuthView(next))}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="cadastro">Cadastrar</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="grid gap-4 pt-2">
              {signedUpEmail ? <SignedUpNotice email={signedUpEmail} /> : null}
              <LoginForm
                key={email}
                defaultEmail={email}
                onForgotPassword={(typed) => {
                  setEmail(typed.trim());
                  showView('recuperar-senha');
                }}
              />
            </TabsContent>
            <TabsContent value="cadastro" className="pt-2">
              <SignUpForm
                onSignedUp={(newEmail) => {
                  setEmail(newEmail);
                  setSignedUpEmail(newEmail);
                  showView('login');
                }}
              />
            </TabsContent>
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
