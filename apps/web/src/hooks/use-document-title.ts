import { PRODUCT_NAME } from '@agendaki/shared';
import { useEffect } from 'react';

/** Sets the tab title to "<page> · Agendaki" and restores the previous one on leave. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${pageTitle} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [pageTitle]);
}
