import { Share, SquarePlus } from 'lucide-react';

/** Safari has no install dialog: the steps of "Adicionar à Tela de Início". */
export function IosInstructions() {
  return (
    <ol className="list-decimal space-y-1 pl-5 text-sm">
      <li>
        No Safari, toque em Compartilhar{' '}
        <Share aria-label="(ícone de compartilhar)" className="inline size-4 align-text-bottom" />.
      </li>
      <li>
        Escolha <strong>Adicionar à Tela de Início</strong>{' '}
        <SquarePlus aria-hidden="true" className="inline size-4 align-text-bottom" />.
      </li>
      <li>
        Toque em <strong>Adicionar</strong>: o Agendaki aparece na tela com o próprio ícone.
      </li>
    </ol>
  );
}
