import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its form, react-hook-form, zod, pickers) is downloaded the first time it
 * opens, not with the page behind it: the Agenda's first visit stays within its budget (issue 48).
 * Once opened it stays mounted, so closing animates as before.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [wasOpened, setWasOpened] = useState(() => isOpen(props));
    if (!wasOpened && isOpen(props)) setWasOpened(true);
    if (!wasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
