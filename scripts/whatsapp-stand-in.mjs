// A stand-in for the WhatsApp Cloud API (Meta's Graph API) on 127.0.0.1, for the server's tests
// and the browser journeys: the endpoints the app uses (send, template list/create), failures on
// demand (timeouts, 4xx with the platform's codes, 5xx), a record of what it received, and
// webhook deliveries signed with the app secret exactly as Meta signs them (X-Hub-Signature-256:
// HMAC-SHA256 of the raw body). The signature is computed here, apart from the app's check.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

export const WA_PHONE_NUMBER_ID = '109876543210987';
export const WA_BUSINESS_ACCOUNT_ID = '209876543210987';
export const WA_ACCESS_TOKEN = 'EAAG-stand-in-access-token-0123456789';
export const WA_APP_SECRET = 'stand-in-app-secret-0123456789abcdef';
export const WA_VERIFY_TOKEN = 'stand-in-verify-token-0123456789';

/** The WHATSAPP_* variables that point the app at a stand-in at `url`. */
export function whatsappEnv(url) {
  return {
    WHATSAPP_PHONE_NUMBER_ID: WA_PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: WA_ACCESS_TOKEN,
    WHATSAPP_APP_SECRET: WA_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: WA_VERIFY_TOKEN,
    WHATSAPP_BUSINESS_ACCOUNT_ID: WA_BUSINESS_ACCOUNT_ID,
    WHATSAPP_API_BASE: url,
  };
}

/** The header Meta sends with a delivery of `body` (a string, sent byte for byte). */
export function signatureOf(body, secret = WA_APP_SECRET) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

const wamid = () => `wamid.${randomBytes(18).toString('base64url')}`;

/** A webhook body with one client message (a quick-reply button or text) from `from`. */
export function answerBody({ from, payload, text, id = wamid(), contextId }) {
  const message = payload
    ? { type: 'button', button: { payload, text: text ?? payload.split(':')[0] } }
    : { type: 'text', text: { body: text ?? '' } };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WA_BUSINESS_ACCOUNT_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: WA_PHONE_NUMBER_ID },
              contacts: [{ wa_id: from, profile: { name: 'Cliente' } }],
              messages: [
                {
                  id,
                  from,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  ...(contextId ? { context: { from: WA_PHONE_NUMBER_ID, id: contextId } } : {}),
                  ...message,
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** A webhook body with one status update of a sent message. */
export function statusBody({ id, status, recipient, code }) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WA_BUSINESS_ACCOUNT_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: WA_PHONE_NUMBER_ID },
              statuses: [
                {
                  id,
                  status,
                  recipient_id: recipient,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  ...(code ? { errors: [{ code, title: 'Message undeliverable' }] } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/** The categories Meta takes for a template (AUTHENTICATION is not used by the app). */
const TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];

function hasValidParams(template) {
  const texts = (template?.components ?? [])
    .filter((c) => c.type === 'body')
    .flatMap((c) => c.parameters ?? [])
    .map((p) => p.text ?? '');
  return texts.every((text) => !/[\n\t]| {5,}/.test(text));
}

function graphError(res, status, code, message) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'stand-in' } }),
  );
}

/**
 * Starts the stand-in on 127.0.0.1 (port 0: any free one). `failures` are consumed one per send:
 * `{ status, code }` answers that error, `'timeout'` never answers. `unreachable` phones answer
 * 131026 (no WhatsApp on the number). Control routes under `/_stand-in/` serve the journeys.
 */
export async function startWhatsappStandIn({ port = 0 } = {}) {
  const state = {
    /** Every request: method, path, body (parsed), authorization. */
    requests: [],
    /** The messages sent, as the platform received them. */
    sent: [],
    templates: [],
    failures: [],
    unreachable: new Set(),
  };
  const hanging = new Set();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => handle(req, res, raw));
  });

  function handle(req, res, raw) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    if (url.pathname.startsWith('/_stand-in/')) return control(url, body, res);
    state.requests.push({
      method: req.method,
      path: url.pathname,
      body,
      authorization: req.headers.authorization,
    });
    if (req.headers.authorization !== `Bearer ${WA_ACCESS_TOKEN}`) {
      return graphError(res, 401, 190, 'Invalid OAuth access token.');
    }
    const parts = url.pathname.split('/').filter(Boolean); // [version, id, edge]
    if (parts[1] === WA_PHONE_NUMBER_ID && parts[2] === 'messages' && req.method === 'POST') {
      const failure = state.failures.shift();
      if (failure === 'timeout') return hanging.add(res);
      if (failure) return graphError(res, failure.status, failure.code, 'Falha pedida pelo teste');
      if (body?.type === 'template' && !hasValidParams(body.template)) {
        // Meta refuses a parameter with a line break, a tab or more than four spaces in a row.
        return graphError(res, 400, 132018, 'There was an issue with the parameters');
      }
      if (state.unreachable.has(body?.to)) {
        return graphError(res, 400, 131026, 'Message undeliverable');
      }
      const id = wamid();
      state.sent.push({
        id,
        to: body?.to,
        type: body?.type,
        template: body?.template,
        text: body?.text,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body?.to, wa_id: body?.to }],
          messages: [{ id }],
        }),
      );
    }
    if (parts[1] === WA_BUSINESS_ACCOUNT_ID && parts[2] === 'message_templates') {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET') return res.end(JSON.stringify({ data: state.templates }));
      if (!TEMPLATE_CATEGORIES.includes(body?.category)) {
        return graphError(res, 400, 100, 'Invalid parameter: category');
      }
      const template = {
        id: String(state.templates.length + 1),
        name: body?.name,
        language: body?.language,
        status: 'PENDING',
        category: body.category,
        components: body?.components,
      };
      state.templates.push(template);
      return res.end(
        JSON.stringify({ id: template.id, status: 'PENDING', category: template.category }),
      );
    }
    graphError(res, 404, 100, 'Unsupported request');
  }

  /** The journeys' remote control: what was sent, failures to come, signed deliveries. */
  async function control(url, body, res) {
    const json = (value) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/_stand-in/sent') return json(state.sent);
    if (url.pathname === '/_stand-in/fail') {
      state.failures.push(...(body?.failures ?? []));
      for (const phone of body?.unreachable ?? []) state.unreachable.add(phone);
      return json({ ok: true });
    }
    if (url.pathname === '/_stand-in/deliver') {
      // Signs (or not) and posts a webhook body to the app, answering the app's status.
      const payload = body.body;
      const headers = { 'content-type': 'application/json' };
      if (body.signed !== false) headers['x-hub-signature-256'] = signatureOf(payload, body.secret);
      const answer = await fetch(body.target, { method: 'POST', headers, body: payload });
      return json({ status: answer.status });
    }
    res.writeHead(404);
    res.end();
  }

  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    state,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// `node scripts/whatsapp-stand-in.mjs [port]`: runs it alone (to try the app by hand).
if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startWhatsappStandIn({ port: Number(process.argv[2] ?? 0) });
  console.log(`WhatsApp stand-in em ${standIn.url}`);
  console.log(
    Object.entries(whatsappEnv(standIn.url))
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );
}
