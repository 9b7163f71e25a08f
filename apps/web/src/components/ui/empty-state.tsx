import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Usually the button that creates the first item. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing: an icon, a title, a hint and what to do next. */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <Card data-slot="empty-state" className={cn('items-center px-6 py-12 text-center', className)}>
      <div className="grid size-14 place-items-center rounded-full bg-accent">
        <Icon className="size-6 text-accent-foreground" aria-hidden="true" />
      </div>
      <div className="space-y-1">
        <p className="text-lg font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {action}
    </Card>
  );
}
