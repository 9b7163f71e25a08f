import { useSyncExternalStore } from 'react';
import { getInstallPrompt, subscribeToInstallPrompt } from '@/lib/install-prompt';
import { isIos, isStandalone } from './platform';

/**
 * How this browser installs the app: 'installed' (opened from the home screen), 'prompt'
 * (Chrome's dialog), 'ios' (Safari's "Adicionar à Tela de Início" by hand) or 'menu'.
 */
export type InstallWay = 'installed' | 'prompt' | 'ios' | 'menu';

export function useInstallWay(): InstallWay {
  const prompt = useSyncExternalStore(subscribeToInstallPrompt, getInstallPrompt, () => null);
  if (isStandalone()) return 'installed';
  if (prompt) return 'prompt';
  return isIos() ? 'ios' : 'menu';
}
