// A professional signed in on a running server, for the dashboard's measures (lighthouse.mjs,
// dashboard-weight.mjs): signed up, confirmed and signed in through the HTTP API as the app does,
// with a service, clients and a week of appointments so the Agenda and the home show real rows.
// The confirmation link is read from the server's log (no SMTP: features/mail/worker.ts logs
// every mail with its links at level info).
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const PASSWORD = 'senha-do-lighthouse-1';
const TIMEZONE = 'America/Sao_Paulo';

/** YYYY-MM-DD in São Paulo, `days` after today. */
function zonedDate(days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIMEZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function waitForVerifyLink(logPath, email, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    for (const line of fs.readFileSync(logPath, 'utf8').split('\n')) {
      if (!line.startsWith('{') || !line.includes(email)) continue;
      const link = JSON.parse(line).mail?.links?.find((l) => l.includes('/verify-email?token='));
      if (link) return link;
    }
    await sleep(200);
  }
  throw new Error(`nenhum e-mail de confirmação para ${email} em ${logPath}`);
}

/**
 * Signs up a professional on the server at `baseUrl` (whose log, at level info, is `logPath`)
 * and answers her session's cookies as `{ name, value }` pairs and as one Cookie header.
 */
export async function signInProfessional(baseUrl, logPath) {
  const email = `lighthouse-${Date.now()}@exemplo.com.br`;
  const headers = {
    'content-type': 'application/json',
    origin: baseUrl,
    'x-forwarded-for': '198.51.100.48',
  };
  const post = async (route, body, cookie) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
    return response;
  };
  await post('/api/auth/sign-up', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    businessName: 'Studio Lighthouse',
    professionalName: 'Lia Lighthouse',
  });
  const verify = await fetch(await waitForVerifyLink(logPath, email), {
    headers,
    redirect: 'manual',
  });
  if (verify.status >= 400) throw new Error(`verify-email: ${verify.status}`);
  const signIn = await post('/api/auth/sign-in', { email, password: PASSWORD });
  const cookies = signIn.headers.getSetCookie().map((line) => {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await seedAgenda(baseUrl, post, cookie);
  return { email, cookies, cookie };
}

/** A service, six clients and their appointments over today and the next six days. */
async function seedAgenda(baseUrl, post, cookie) {
  const service = await (
    await post(
      '/api/services',
      { name: 'Corte e escova', price: 80, durationMinutes: 60, description: null },
      cookie,
    )
  ).json();
  const names = ['Ana Souza', 'Bruna Lima', 'Carla Dias', 'Dora Reis', 'Eva Costa', 'Fabi Rocha'];
  const clients = [];
  for (const [index, name] of names.entries()) {
    const phone = `(11) 98765-43${String(index).padStart(2, '0')}`;
    clients.push(await (await post('/api/clients', { name, phone }, cookie)).json());
  }
  for (let day = 0; day < 7; day += 1) {
    for (const [slot, time] of ['09:00', '11:00', '14:00', '16:00', '21:00'].entries()) {
      const client = clients[(day + slot) % clients.length];
      // Today's earlier hours may be past: the server refuses those, and the rest still fill it.
      await fetch(`${baseUrl}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
        body: JSON.stringify({
          clientId: client.id,
          serviceId: service.id,
          appointmentDate: zonedDate(day),
          startTime: time,
          notes: null,
        }),
      });
    }
  }
}

/**
 * Chromium with the session's cookies and a DevTools port, for Lighthouse's `--port`: its
 * own profile in `userDataDir`, closed with `close()`.
 */
export async function launchSignedInChromium({ baseUrl, cookies, port, userDataDir }) {
  const { chromium } = await import('@playwright/test');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
    ],
  });
  await context.addCookies(
    cookies.map((c) => ({ ...c, url: baseUrl, httpOnly: true, sameSite: 'Lax' })),
  );
  return { close: () => context.close() };
}
