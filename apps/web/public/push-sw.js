// Web Push in the signed-in app's service worker (imported by the generated /sw.js, see
// apps/web/vite.config.ts): shows what the server sent (features/push/message.ts on the server)
// and, on a tap, opens the appointment in a window of the app.
const FALLBACK = {
  title: 'Agendaki',
  body: 'Há uma novidade na sua agenda.',
  url: '/dashboard/appointments',
  tag: 'agendaki',
};

self.addEventListener('push', (event) => {
  let message = FALLBACK;
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') message = { ...FALLBACK, ...data };
  } catch {
    // Not JSON: the generic notice still tells her to look.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      lang: 'pt-BR',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? FALLBACK.url, self.location.origin);
  // Only the app's own pages open from a notification.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/dashboard'));
      if (open) {
        const moved = await open.navigate(target.href).catch(() => null);
        await (moved ?? open).focus();
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
