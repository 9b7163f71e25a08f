import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button, type ButtonProps } from '@/components/ui/button';
import { copyText } from '@/lib/copy-text';

/** docs/product.md section 9: the copied indicator lasts 2000 ms. */
export const COPIED_MS = 2000;

export interface CopyLinkButtonProps {
  url: string;
  variant?: ButtonProps['variant'];
  className?: string;
}

/** "Copiar link": copies the public address, says "Link copiado!" and shows "Copiado!" for 2 s. */
export function CopyLinkButton({ url, variant = 'outline', className }: CopyLinkButtonProps) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function showCopied() {
    // A second click within 2 s starts the 2 s again.
    window.clearTimeout(timer.current);
    setIsCopied(true);
    timer.current = window.setTimeout(() => setIsCopied(false), COPIED_MS);
  }

  async function copy() {
    if (await copyText(url)) {
      showCopied();
      toast.success('Link copiado!');
    } else {
      toast.error('Não foi possível copiar', {
        description: 'Selecione o link e copie manualmente.',
      });
    }
  }

  return (
    <Button type="button" variant={variant} className={className} onClick={() => void copy()}>
      {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {isCopied ? 'Copiado!' : 'Copiar link'}
    </Button>
  );
}
