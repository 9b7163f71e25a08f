import { PUBLIC_CLASS_NAMES_ELEMENT_ID, PUBLIC_DATA_ELEMENT_ID } from '@agendaki/shared';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import * as tailwindMerge from 'tailwind-merge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BookingApp } from './app/booking-app';
import { renderBookingMarkup } from './book-ssr';
import { readEmbeddedClassNames } from './features/booking/lib/embedded-data';
import { embedProfessional, makeProfessional } from './features/booking/testing/fixtures';
import { cn, primeClassNames } from './lib/cn';

// The real tailwind-merge, counted: hydrating the server's markup must not call it.
vi.mock('tailwind-merge', async (importOriginal) => {
  const original = await importOriginal<typeof tailwindMerge>();
  return { ...original, twMerge: vi.fn(original.twMerge) };
});
const twMerge = vi.mocked(tailwindMerge.twMerge);

afterEach(() => document.body.replaceChildren());

describe("the booking page's server render (book-ssr.tsx) and its hydration (book-main.tsx)", () => {
  it('answers the markup with every class name it merged, as tailwind-merge merges it', async () => {
    const { twMerge: realMerge } = await vi.importActual<typeof tailwindMerge>('tailwind-merge');
    const { markup, classNames } = renderBookingMarkup('/book/studio-ana', makeProfessional());

    expect(markup).toContain('Studio Ana');
    const entries = Object.entries(classNames);
    expect(entries.length).toBeGreaterThan(5);
    for (const [joined, merged] of entries) expect(merged).toBe(realMerge(joined));
    // Some of them really needed the merge (a later class beat an earlier one).
    expect(entries.some(([joined, merged]) => joined !== merged)).toBe(true);
  });

  it('hydrates the markup with the embedded class names, merging none again', async () => {
    const data = makeProfessional();
    const { markup, classNames } = renderBookingMarkup('/book/studio-ana', data);
    const root = document.createElement('div');
    root.innerHTML = markup;
    document.body.append(root);
    embedProfessional(data);
    const table = document.createElement('script');
    table.id = PUBLIC_CLASS_NAMES_ELEMENT_ID;
    table.type = 'application/json';
    table.textContent = JSON.stringify(classNames);
    document.body.append(table);
    const heading = root.querySelector('h1');
    const consoleError = vi.spyOn(console, 'error');

    primeClassNames(readEmbeddedClassNames());
    twMerge.mockClear();
    const hydrated = await act(async () =>
      hydrateRoot(root, <BookingApp pathname="/book/studio-ana" />),
    );

    expect(twMerge).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Hydrated, not drawn again; both embedded elements read and removed.
    expect(root.querySelector('h1')).toBe(heading);
    consoleError.mockRestore();
    expect(document.getElementById(PUBLIC_CLASS_NAMES_ELEMENT_ID)).toBeNull();
    expect(document.getElementById(PUBLIC_DATA_ELEMENT_ID)).toBeNull();
    // A class list the server did not draw is still merged.
    expect(cn('px-2', 'px-7')).toBe('px-7');
    expect(twMerge).toHaveBeenCalledTimes(1);
    // Nothing of React's left scheduled once the test environment is gone.
    act(() => hydrated.unmount());
  });

  it('reads a missing or malformed table as empty', () => {
    expect(readEmbeddedClassNames()).toEqual({});
    for (const text of ['not json', '[1,2]', 'null']) {
      const table = document.createElement('script');
      table.id = PUBLIC_CLASS_NAMES_ELEMENT_ID;
      table.textContent = text;
      document.body.append(table);
      expect(readEmbeddedClassNames()).toEqual({});
    }
  });
});
