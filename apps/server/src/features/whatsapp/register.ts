import type { WhatsappApi } from './cloud-api';
import { MESSAGE_KINDS, TEMPLATES } from './templates';

export interface RegisterOutcome {
  name: string;
  /** created: sent for review now; kept: already at Meta (with its review state). */
  action: 'created' | 'kept';
  status: string;
}

/**
 * Registers at Meta every template of templates.ts not yet there (by name, pt_BR), and reports
 * each one's review state: a template can be sent once Meta says APPROVED. Running it again
 * creates nothing twice.
 */
export async function registerTemplates(api: WhatsappApi): Promise<RegisterOutcome[]> {
  const existing = await api.listTemplates();
  const outcomes: RegisterOutcome[] = [];
  for (const kind of MESSAGE_KINDS) {
    const template = TEMPLATES[kind];
    const found = existing.find((t) => t.name === template.name && t.language === 'pt_BR');
    if (found) {
      outcomes.push({ name: template.name, action: 'kept', status: found.status });
      continue;
    }
    const created = await api.createTemplate(template);
    outcomes.push({ name: template.name, action: 'created', status: created.status });
  }
  return outcomes;
}
