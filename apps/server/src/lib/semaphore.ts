/** At most `limit` tasks run at once; the others wait in arrival order. */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        // The freed place passes straight to the next waiter, so `running` stays counted.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
