// Types of whatsapp-stand-in.mjs, for the server's tests (TypeScript reads this beside it).
export const WA_PHONE_NUMBER_ID: string;
export const WA_BUSINESS_ACCOUNT_ID: string;
export const WA_ACCESS_TOKEN: string;
export const WA_APP_SECRET: string;
export const WA_VERIFY_TOKEN: string;

export interface SentMessage {
  id: string;
  to: string;
  type: 'template' | 'text';
  template?: {
    name: string;
    language: { code: string };
    components: Array<{
      type: string;
      sub_type?: string;
      index?: string;
      parameters: Array<{ type: string; text?: string; payload?: string }>;
    }>;
  };
  text?: { body: string };
}

export type StandInFailure = { status: number; code: number } | 'timeout';

export interface WhatsappStandIn {
  url: string;
  state: {
    requests: Array<{ method: string; path: string; body: unknown; authorization?: string }>;
    sent: SentMessage[];
    templates: Array<{
      id: string;
      name: string;
      language: string;
      status: string;
      category?: string;
    }>;
    failures: StandInFailure[];
    unreachable: Set<string>;
  };
  close(): Promise<void>;
}

export function whatsappEnv(url: string): Record<string, string>;
export function signatureOf(body: string, secret?: string): string;
export function answerBody(input: {
  from: string;
  payload?: string;
  text?: string;
  id?: string;
  contextId?: string;
}): string;
export function statusBody(input: {
  id: string;
  status: string;
  recipient?: string;
  code?: number;
}): string;
export function startWhatsappStandIn(options?: { port?: number }): Promise<WhatsappStandIn>;
