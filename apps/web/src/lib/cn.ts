import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/*
 * Merged class names known before any merge runs. tailwind-merge builds its whole configuration
 * on its first call (about 40 ms on a 2-core server, four times that on a cheap phone), and the
 * public booking page would pay it while hydrating the step the server already drew. The
 * server's render records every merge it made (`recordClassNames`), the page embeds them, and the
 * browser primes them here before hydrating (`primeClassNames`): the same results, without
 * tailwind-merge starting until a later render needs a class list the server did not draw.
 */
const primed = new Map<string, string>();
let recording: Record<string, string> | undefined;

/** Joins class names and lets a later Tailwind class win over an earlier one (`p-2` then `p-4`). */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  const merged = primed.get(joined) ?? twMerge(joined);
  if (recording) recording[joined] = merged;
  return merged;
}

/** Runs `render` and answers what it returned with every merge `cn` made meanwhile. */
export function recordClassNames<T>(render: () => T): {
  value: T;
  classNames: Record<string, string>;
} {
  const classNames: Record<string, string> = {};
  recording = classNames;
  try {
    return { value: render(), classNames };
  } finally {
    recording = undefined;
  }
}

/** Merges the server recorded: `cn` answers them without running tailwind-merge. */
export function primeClassNames(classNames: Record<string, string>): void {
  for (const [joined, merged] of Object.entries(classNames)) {
    if (typeof merged === 'string') primed.set(joined, merged);
  }
}

/**
 * Builds tailwind-merge's configuration now, before a render needs it: called when the visitor
 * starts a tap or a key press, so the work overlaps the finger on the glass, not the answer.
 */
export function warmUpClassMerging(): void {
  twMerge('');
}
