import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export interface PageHeaderProps {
  title: string;
  description?: string;
  /** Buttons on the right, e.g. "Novo Serviço". */
  actions?: ReactNode;
}

/** The heading block of a page; also names the browser tab after it. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2 sm:shrink-0">{actions}</div> : null}
    </div>
  );
}
