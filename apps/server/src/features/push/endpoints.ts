/**
 * The server posts to the endpoint a browser gave, so only the browsers' push services are
 * accepted (an endpoint is otherwise a way to make the server call any address: SSRF). Stand-ins
 * for tests come from PUSH_SERVICE_ORIGINS.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet, Opera
  'android.googleapis.com',
  'updates.push.services.mozilla.com', // Firefox
  'push.services.mozilla.com',
  'web.push.apple.com', // Safari, and the iPhone's app on the home screen
];
const PUSH_SERVICE_SUFFIXES = ['.notify.windows.com', '.push.apple.com']; // Edge on Windows

export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.some((origin) => new URL(origin).origin === url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix))
  );
}
