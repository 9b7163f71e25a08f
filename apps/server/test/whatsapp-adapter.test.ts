import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signatureOf,
  startWhatsappStandIn,
  whatsappEnv,
  WA_APP_SECRET,
  type WhatsappStandIn,
} from '../../../scripts/whatsapp-stand-in.mjs';
import { loadEnv } from '../src/config/env';
import { isSignedByMeta } from '../src/features/whatsapp-inbox/signature';
import { registerTemplates } from '../src/features/whatsapp/register';
import {
  createWhatsappApi,
  MESSAGE_KINDS,
  TEMPLATES,
  WhatsappApiError,
} from '../src/features/whatsapp/service';

/** The Cloud API adapter, its configuration and the template registration, on the stand-in. */
let standIn: WhatsappStandIn;

beforeAll(async () => {
  standIn = await startWhatsappStandIn();
});
afterAll(async () => {
  await standIn.close();
});

const configOf = (extra: Record<string, string> = {}) =>
  loadEnv({ ...whatsappEnv(standIn.url), WHATSAPP_TIMEOUT_MS: '1500', ...extra }).whatsapp!;

describe('configuration', () => {
  it('is off without the variables, and the product runs as before', () => {
    expect(loadEnv({}).whatsapp).toBeNull();
  });

  it('all or none: a partial set stops the start, naming what is missing in pt-BR', () => {
    expect(() =>
      loadEnv({ WHATSAPP_PHONE_NUMBER_ID: '123456789', WHATSAPP_ACCESS_TOKEN: 'x'.repeat(30) }),
    ).toThrow(
      /WHATSAPP_APP_SECRET: obrigatório junto com WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN \(WhatsApp: todas ou nenhuma\)\n {2}- WHATSAPP_VERIFY_TOKEN/,
    );
    expect(() => loadEnv({ ...whatsappEnv(standIn.url), WHATSAPP_PHONE_NUMBER_ID: 'abc' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: deve ser o id numérico/,
    );
  });
});

describe('the adapter', () => {
  it('sends a template with its parameters and buttons', async () => {
    const api = createWhatsappApi(configOf());
    const sent = await api.sendTemplate({
      to: '5511987650000',
      template: TEMPLATES.reminder.name,
      bodyParams: ['Ana', 'Studio', 'em 24 horas', '23/11/2026', '09:00', 'https://x/y'],
      buttonPayloads: ['CONFIRMAR:a:b'],
    });
    expect(sent.messageId).toMatch(/^wamid\./);
    const request = standIn.state.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${whatsappEnv('').WHATSAPP_ACCESS_TOKEN}`);
    expect(request.path).toBe(`/v21.0/${whatsappEnv('').WHATSAPP_PHONE_NUMBER_ID}/messages`);
  });

  it('tells a refusal that cannot pass from the platform being down', async () => {
    const api = createWhatsappApi(configOf());
    const attempt = () => api.sendText('5511987650000', 'oi');
    standIn.state.failures.push({ status: 400, code: 132001 });
    await expect(attempt()).rejects.toMatchObject({ permanent: true, code: 132001 });
    standIn.state.failures.push({ status: 503, code: 2 });
    await expect(attempt()).rejects.toMatchObject({ permanent: false });
    standIn.state.failures.push({ status: 429, code: 130429 });
    await expect(attempt()).rejects.toMatchObject({ permanent: false });
    standIn.state.failures.push('timeout');
    await expect(attempt()).rejects.toBeInstanceOf(WhatsappApiError);
    const revoked = createWhatsappApi({ ...configOf(), accessToken: 'EAAG-revogado-000000000000' });
    await expect(revoked.sendText('5511987650000', 'oi')).rejects.toMatchObject({
      permanent: true,
      code: 190,
    });
  });
});

describe('the templates', () => {
  it('are pt-BR, name the manage link, and have no parameter at either end', () => {
    for (const kind of MESSAGE_KINDS) {
      const template = TEMPLATES[kind];
      const count = template.body.match(/\{\{\d+\}\}/g)?.length ?? 0;
      expect(count, template.name).toBe(template.example.length);
      expect(template.body.trim().startsWith('{{')).toBe(false);
      expect(template.body.trim().endsWith('}}')).toBe(false);
      expect(template.body).toContain('PARAR');
    }
    expect(TEMPLATES.reminder.buttons).toEqual(['Confirmar', 'Remarcar', 'Cancelar']);
    expect(TEMPLATES.booking_confirmed.buttons).toEqual(['Confirmar', 'Remarcar', 'Cancelar']);
  });

  it('register once with the configured account: a second run creates nothing', async () => {
    const api = createWhatsappApi(configOf());
    const first = await registerTemplates(api);
    expect(first.map((o) => o.action)).toEqual(MESSAGE_KINDS.map(() => 'created'));
    expect(standIn.state.templates.map((t) => t.name)).toContain('agendaki_vaga_lista_espera');
    const again = await registerTemplates(api);
    expect(again.every((o) => o.action === 'kept')).toBe(true);
    expect(standIn.state.templates).toHaveLength(MESSAGE_KINDS.length);
    const category = (name: string) =>
      standIn.state.templates.find((t) => t.name === name)?.category;
    expect(category('agendaki_lembrete')).toBe('UTILITY');
    for (const name of [
      'agendaki_hora_de_voltar',
      'agendaki_aniversario',
      'agendaki_avaliacao',
      'agendaki_sentimos_sua_falta',
    ]) {
      expect(category(name), name).toBe('MARKETING');
    }
  });

  it('the automations carry a way to stop by link and by PARAR; a line break is refused', async () => {
    for (const kind of MESSAGE_KINDS.filter((k) => k.startsWith('comeback_'))) {
      expect(TEMPLATES[kind].body).toContain('{{3}} ou responda PARAR');
    }
    const api = createWhatsappApi(configOf());
    await expect(
      api.sendTemplate({
        to: '5511987650000',
        template: TEMPLATES.comeback_return.name,
        bodyParams: ['Studio', 'Oi\nAna', 'https://x.example/descadastro/y'],
      }),
    ).rejects.toMatchObject({ permanent: true, code: 132018 });
  });
});

describe('the signature check', () => {
  const body = Buffer.from('{"entry":[]}');
  it('accepts only the HMAC of the exact bytes with the app secret', () => {
    expect(isSignedByMeta(body, signatureOf(body.toString()), WA_APP_SECRET)).toBe(true);
    expect(isSignedByMeta(body, signatureOf(`${body.toString()} `), WA_APP_SECRET)).toBe(false);
    expect(isSignedByMeta(body, signatureOf(body.toString(), 'outro'), WA_APP_SECRET)).toBe(false);
    expect(isSignedByMeta(body, 'sha256=00', WA_APP_SECRET)).toBe(false);
    expect(isSignedByMeta(body, undefined, WA_APP_SECRET)).toBe(false);
    expect(isSignedByMeta(body, ['a', 'b'], WA_APP_SECRET)).toBe(false);
  });
});
