import type { WhatsappConfig } from '../../config/env';
import type { TemplateDefinition } from './templates';

/**
 * The WhatsApp Cloud API adapter (docs/decisions/037-whatsapp-cloud-api.md): Meta's Graph API
 * over plain `fetch`, the one place that knows its URLs and JSON. Tests point `apiBase` at a
 * stand-in on 127.0.0.1 (test/helpers/whatsapp-stand-in.ts).
 */
export interface TemplateMessage {
  /** E.164 without the plus (5511987654321), as the platform wants it. */
  to: string;
  template: string;
  bodyParams: readonly string[];
  /** One payload per quick-reply button, in the template's order. */
  buttonPayloads?: readonly string[];
}

export interface RegisteredTemplate {
  name: string;
  language: string;
  status: string;
}

export interface WhatsappApi {
  sendTemplate(message: TemplateMessage): Promise<{ messageId: string }>;
  /** Free text, only inside the 24 h the client's own message opens (answers to their reply). */
  sendText(to: string, text: string): Promise<{ messageId: string }>;
  listTemplates(): Promise<RegisteredTemplate[]>;
  createTemplate(template: TemplateDefinition): Promise<{ id: string; status: string }>;
}

/**
 * The platform's refusal or silence. `permanent`: sending again cannot help (no WhatsApp on the
 * number, template refused, credentials revoked); otherwise a retry may (5xx, rate limits,
 * timeouts).
 */
export class WhatsappApiError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'WhatsappApiError';
  }
}

/** Codes where the number itself cannot receive (flagged on the client's card). */
export const UNREACHABLE_NUMBER_CODES: readonly number[] = [131026, 133010];

/** Meta's codes that a retry may clear: rate limits, temporary errors of the service. */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

async function graphCall<T>(
  config: WhatsappConfig,
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/${config.apiVersion}/${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${config.accessToken}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new WhatsappApiError(`WhatsApp fora do ar: ${(error as Error).message}`, null, false);
  }
  const body = (await response.json().catch(() => ({}))) as T & GraphError;
  if (response.ok) return body;
  const code = body.error?.code ?? null;
  const detail = body.error?.error_data?.details ?? body.error?.message ?? response.statusText;
  const transient =
    response.status >= 500 ||
    response.status === 429 ||
    (code !== null && TRANSIENT_CODES.has(code));
  throw new WhatsappApiError(
    `WhatsApp recusou (${response.status}${code ? `, código ${code}` : ''}): ${detail}`,
    code,
    !transient,
  );
}

interface SendResponse {
  messages?: Array<{ id?: string }>;
}

function messageIdOf(body: SendResponse): { messageId: string } {
  const id = body.messages?.[0]?.id;
  if (!id) throw new WhatsappApiError('WhatsApp respondeu sem o id da mensagem', null, false);
  return { messageId: id };
}

export function createWhatsappApi(config: WhatsappConfig): WhatsappApi {
  const messagesPath = `${config.phoneNumberId}/messages`;
  const templatesPath = () => {
    if (!config.businessAccountId) {
      throw new Error('WHATSAPP_BUSINESS_ACCOUNT_ID: obrigatório para listar ou registrar modelos');
    }
    return `${config.businessAccountId}/message_templates`;
  };
  return {
    async sendTemplate(message) {
      const components: unknown[] = [
        {
          type: 'body',
          parameters: message.bodyParams.map((text) => ({ type: 'text', text })),
        },
        ...(message.buttonPayloads ?? []).map((payload, index) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(index),
          parameters: [{ type: 'payload', payload }],
        })),
      ];
      const body = await graphCall<SendResponse>(config, messagesPath, {
        method: 'POST',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          template: { name: message.template, language: { code: 'pt_BR' }, components },
        },
      });
      return messageIdOf(body);
    },
    async sendText(to, text) {
      const body = await graphCall<SendResponse>(config, messagesPath, {
        method: 'POST',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { preview_url: false, body: text },
        },
      });
      return messageIdOf(body);
    },
    async listTemplates() {
      const body = await graphCall<{ data?: RegisteredTemplate[] }>(
        config,
        `${templatesPath()}?fields=name,language,status&limit=200`,
        { method: 'GET' },
      );
      return body.data ?? [];
    },
    async createTemplate(template) {
      return graphCall<{ id: string; status: string }>(config, templatesPath(), {
        method: 'POST',
        body: {
          name: template.name,
          language: 'pt_BR',
          category: template.category,
          components: [
            {
              type: 'BODY',
              text: template.body,
              example: { body_text: [template.example] },
            },
            ...(template.buttons.length > 0
              ? [
                  {
                    type: 'BUTTONS',
                    buttons: template.buttons.map((text) => ({ type: 'QUICK_REPLY', text })),
                  },
                ]
              : []),
          ],
        },
      });
    },
  };
}
