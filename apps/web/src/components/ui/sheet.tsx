import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { keepInsidePoppers } from './keep-inside-poppers';

/** A panel that slides over the page from one side: a Radix Dialog (focus trap, Esc, overlay). */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

export type SheetSide = 'left' | 'right';

const SIDE_CLASSES: Record<SheetSide, string> = {
  left: 'inset-y-0 left-0 border-r starting:-translate-x-full',
  right: 'inset-y-0 right-0 border-l starting:translate-x-full',
};

export function SheetContent({
  className,
  children,
  side = 'left',
  onInteractOutside,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: SheetSide }) {
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay
        data-slot="sheet-overlay"
        className="fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 starting:opacity-0"
      />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          // Slides in on open (@starting-style); Radix removes it at once on close.
          'fixed z-50 flex h-full flex-col bg-background shadow-lg transition-transform duration-200 ease-out outline-none motion-reduce:transition-none',
          SIDE_CLASSES[side],
          className,
        )}
        {...props}
        onInteractOutside={keepInsidePoppers(onInteractOutside)}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">Fechar</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}
