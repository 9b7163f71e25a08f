/**
 * `task`'s outcome, or `late()`'s once `ms` have passed first (a throw there rejects). The timer
 * never outlives the race, and `task` itself is not stopped: whoever calls decides what a late
 * answer means.
 */
export async function withTimeout<T>(task: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  try {
    return await Promise.race([task, expired]);
  } finally {
    clearTimeout(timer);
  }
}
