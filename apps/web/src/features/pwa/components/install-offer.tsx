import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useInstallWay } from '../lib/use-install';
import { installApp } from './install-card';
import { IosInstructions } from './ios-instructions';

const SHOWN_KEY = 'agendaki:install-offer-shown';
const VISITS_KEY = 'agendaki:agenda-visits';
const COUNTED_KEY = 'agendaki:agenda-visit-counted';

/** Opens of the Agenda, one per browser session. */
function countVisit(): number {
  try {
    let visits = Number(localStorage.getItem(VISITS_KEY) ?? '0') || 0;
    if (!sessionStorage.getItem(COUNTED_KEY)) {
      visits += 1;
      localStorage.setItem(VISITS_KEY, String(visits));
      sessionStorage.setItem(COUNTED_KEY, '1');
    }
    return visits;
  } catch {
    return 0;
  }
}

function wasShown(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    return true;
  }
}

function markShown() {
  try {
    localStorage.setItem(SHOWN_KEY, '1');
  } catch {
    // Storage blocked: it may be offered again, which is all.
  }
}

/**
 * "Instalar o Agendaki", offered once, in the Agenda, when she comes back to it on another
 * day's session: she uses the app, so the offer is worth her attention (issue 48). Later,
 * Configurações > Aplicativo has it.
 */
export function InstallOffer() {
  const way = useInstallWay();
  // Decided once per mount: a later visit, and never offered here before.
  const [isDue] = useState(() => countVisit() >= 2 && !wasShown());
  const [isDismissed, setIsDismissed] = useState(false);
  const isShown = isDue && !isDismissed && (way === 'prompt' || way === 'ios');

  useEffect(() => {
    if (isShown) markShown();
  }, [isShown]);

  if (!isShown) return null;
  return (
    <aside
      aria-label="Instalar o Agendaki"
      className="relative space-y-3 rounded-lg border bg-card p-4 pr-12 shadow-sm"
    >
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2"
        aria-label="Agora não"
        onClick={() => setIsDismissed(true)}
      >
        <X aria-hidden="true" />
      </Button>
      <p className="font-medium">Tenha o Agendaki na tela inicial</p>
      <p className="text-sm text-muted-foreground">
        A agenda abre com um toque, em tela cheia, e mostra o dia mesmo sem internet.
      </p>
      {way === 'prompt' ? (
        <Button
          onClick={() => {
            setIsDismissed(true);
            void installApp();
          }}
        >
          <Download aria-hidden="true" />
          Instalar o Agendaki
        </Button>
      ) : (
        <IosInstructions />
      )}
    </aside>
  );
}
