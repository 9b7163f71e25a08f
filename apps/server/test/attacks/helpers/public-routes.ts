import type { RouteEntry } from './route-table';

/**
 * The routes anyone may call without a session, each for a stated reason. Every other route of
 * the table must answer 401 to an anonymous caller (route-auth.test.ts): a new route is
 * protected by default in the tests' eyes, and making one public means adding it here.
 * HEAD follows its GET.
 */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'load balancers probe it',
  'GET /api/config': 'the landing page shows the plan price',
  'POST /api/auth/sign-up': 'creating an account',
  'POST /api/auth/sign-in': 'signing in',
  'POST /api/auth/sign-in-link': 'asking for a sign-in link by e-mail',
  'GET /api/auth/sign-in-link':
    'the link in the sign-in e-mail, authenticated by its single-use token',
  'POST /api/auth/sign-out': 'ends whatever session the cookie names (none: nothing to do)',
  'GET /api/auth/verify-email': 'the link in the confirmation e-mail',
  'POST /api/auth/resend-verification': 'asking for a new confirmation link',
  'POST /api/auth/forgot-password': 'asking for a reset link',
  'POST /api/auth/reset-password': 'the reset link, authenticated by its single-use token',
  'POST /api/billing/webhook': "the payment provider's servers, authenticated by the signature",
  'POST /api/webhooks/pix/mercadopago/:professionalId':
    "Mercado Pago's servers for one professional, authenticated by that professional's signature",
  'GET /api/webhooks/whatsapp':
    "Meta's verify-token handshake, authenticated by the token (decision 037)",
  'POST /api/webhooks/whatsapp':
    "Meta's servers with clients' answers and message states, authenticated by the signature",
  'GET /api/public/professionals/:identifier': 'the public booking page',
  'GET /api/public/professionals/:identifier/slots': 'the public booking page',
  'GET /api/public/professionals/:identifier/days': 'the public booking page',
  'POST /api/public/bookings': 'clients book without an account',
  'GET /api/public/booking-challenge': "the booking form's proof of work (decision 028)",
  'POST /api/public/bookings/confirm-code':
    'the code e-mailed to the client, when the professional asks for it (decision 028)',
  'GET /api/public/manage/:token': "the client's manage link, authenticated by its secret token",
  'GET /api/public/manage/:token/slots': "the client's manage link (reschedule)",
  'GET /api/public/manage/:token/ics': "the client's manage link: the .ics download",
  'POST /api/public/manage/:token/confirm': "the client's manage link: confirm presence",
  'POST /api/public/manage/:token/cancel': "the client's manage link: cancel",
  'POST /api/public/manage/:token/reschedule': "the client's manage link: reschedule",
  'POST /api/public/manage/:token/skip': "the client's manage link: skip a horário fixo's date",
  'GET /agendamento/:token': "the client's manage link (HTML)",
  'GET /api/public/waitlist-settings/:professionalId':
    'the public booking page: whether it offers the waiting list',
  'POST /api/public/waitlist': 'clients join the waiting list without an account',
  'GET /api/public/waitlist/:token': "the client's waiting-list link, by its secret token",
  'POST /api/public/waitlist/:token/accept': "the client's waiting-list link: take the offer",
  'POST /api/public/waitlist/:token/decline': "the client's waiting-list link: let it go",
  'POST /api/public/waitlist/:token/leave': "the client's waiting-list link: leave the list",
  'GET /lista-de-espera/:token': "the client's waiting-list link (HTML)",
  'GET /api/public/manage/:token/anamnesis':
    "the client's manage link: the anamnesis forms her booking asks for",
  'POST /api/public/manage/:token/anamnesis':
    "the client's manage link: her answers, after her explicit consent",
  'GET /uploads/:name': 'service images on the public page',
  'GET /book/:link': 'the shared booking link (HTML)',
  'GET /profissional/:identifier': 'the shared booking link (HTML)',
  'GET /ics/:file':
    "the professional's calendar feed for calendar apps, authenticated by its secret token",
  'GET /metrics':
    'Prometheus, authenticated by METRICS_TOKEN; without one configured there is no page (metrics.test.ts)',
  'GET /privacidade': 'the privacy notice, linked from the booking page and its e-mail (LGPD)',
  'GET /descadastro/:token':
    "the stop link of every client message (LGPD), authenticated by its HMAC'd token",
  'POST /descadastro/:token': "the stop page's button, authenticated by the same token",
};

/** Public by the table above, or a file of the built web app (fastify-static: one route per file). */
export function isPublicRoute(route: RouteEntry, distFiles: ReadonlySet<string>): boolean {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  if (`${method} ${route.url}` in PUBLIC_ROUTES) return true;
  return method === 'GET' && distFiles.has(route.url);
}
