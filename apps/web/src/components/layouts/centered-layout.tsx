import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';

export interface CenteredLayoutProps {
  children: ReactNode;
}

/** A slim header and one centered column: auth, public booking and error pages. */
export function CenteredLayout({ children }: CenteredLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-border/60">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
          <BrandLogo />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
        {children}
      </main>
    </div>
  );
}
