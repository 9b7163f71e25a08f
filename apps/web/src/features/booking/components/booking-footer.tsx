import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/lazy-toast';
import { copyText } from '@/lib/copy-text';

async function shareLink() {
  const url = window.location.href;
  if (await copyText(url)) {
    showToast((toast) => toast.success('Link copiado!'));
  } else {
    showToast((toast) => toast.error('Não foi possível copiar o link', { description: url }));
  }
}

export function BookingFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 py-6 sm:flex-row sm:px-6 sm:justify-between">
        <Button variant="outline" onClick={() => void shareLink()}>
          <Share2 aria-hidden="true" />
          Compartilhar link
        </Button>
        {/* A plain anchor: this page has no router, the server answers / with the landing. */}
        <a
          href={paths.home.getHref()}
          className="rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Agendado com <span className="font-semibold text-foreground">Agendaki</span>
        </a>
        <a
          href={paths.privacy.getHref()}
          className="rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Privacidade
        </a>
      </div>
    </footer>
  );
}
