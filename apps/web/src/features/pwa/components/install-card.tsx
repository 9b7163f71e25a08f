import { Download } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { promptInstall } from '@/lib/install-prompt';
import { useInstallWay } from '../lib/use-install';
import { IosInstructions } from './ios-instructions';

export async function installApp(): Promise<void> {
  if (await promptInstall()) toast.success('Agendaki instalado na tela inicial');
}

/** Configurações > Aplicativo: the app on the phone's home screen, however this browser does it. */
export function InstallCard() {
  const way = useInstallWay();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Instalar o Agendaki</CardTitle>
        <CardDescription>
          Abra a agenda direto da tela inicial, em tela cheia, mesmo sem internet.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {way === 'installed' ? (
          <p className="text-sm">O Agendaki já está instalado neste aparelho.</p>
        ) : way === 'prompt' ? (
          <Button onClick={() => void installApp()}>
            <Download aria-hidden="true" />
            Instalar o Agendaki
          </Button>
        ) : way === 'ios' ? (
          <IosInstructions />
        ) : (
          <p className="text-sm">
            No menu do navegador, escolha <strong>Instalar app</strong> ou{' '}
            <strong>Adicionar à tela inicial</strong>.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
