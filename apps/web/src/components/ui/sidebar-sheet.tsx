import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

/** The sidebar on a phone: a sheet from the left, named `title` for screen readers. */
export function SidebarSheet({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" data-slot="sidebar" className="w-72 max-w-[85vw] bg-background">
        <SheetTitle className="sr-only">{title}</SheetTitle>
        <SheetDescription className="sr-only">Navegue entre as páginas do painel.</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
