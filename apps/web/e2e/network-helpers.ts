import type { BrowserContext, Page } from '@playwright/test';

/**
 * The paths the page fetched from the network from now on: not from the memory or disk cache,
 * not from the service worker (the DevTools protocol tells them apart; Playwright's events
 * do not for cache hits).
 */
export async function watchNetworkFetches(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const fetched = new Map<string, string>();
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const hit = response.fromDiskCache || response.fromServiceWorker || response.fromPrefetchCache;
    if (!hit) fetched.set(requestId, new URL(response.url).pathname);
  });
  return {
    paths: () => [...fetched].filter(([id]) => !cached.has(id)).map(([, path]) => path),
    stop: () => cdp.detach(),
  };
}
