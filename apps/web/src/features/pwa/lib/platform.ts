/** What the install card and the notification settings need to know about this browser. */

export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true
  );
}

/** iPhone and iPad (an iPad's Safari says "Macintosh", with a touch screen). */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

export function isPushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/SamsungBrowser/i, 'Samsung Internet'],
  [/Edg\//i, 'Edge'],
  [/OPR\//i, 'Opera'],
  [/Firefox\//i, 'Firefox'],
  [/Chrome\//i, 'Chrome'],
  [/Safari\//i, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/i, 'Android'],
  [/iPhone|iPod/i, 'iPhone'],
  [/iPad/i, 'iPad'],
  [/Windows/i, 'Windows'],
  [/Mac OS X|Macintosh/i, 'Mac'],
  [/Linux/i, 'Linux'],
];

/** "Chrome no Android": how the device is named in the list of devices. */
export function describeDevice(ua: string = navigator.userAgent): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Navegador';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  return system ? `${browser} no ${system}` : browser;
}
