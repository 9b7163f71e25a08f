// Mutations of issue 50's second round: money in the story, the automations by WhatsApp and the
// birthday typed dd/mm; each removes one protection its test must notice.
import { serverTest } from './_tests.mjs';

const WHATSAPP = serverTest('comeback-whatsapp.test.ts');
const STORY_MONEY = serverTest('comeback-story-money.test.ts');
const AUTOMATIONS = serverTest('comeback-automations.test.ts');
const ADAPTER = serverTest('whatsapp-adapter.test.ts');

export default [
  {
    name: 'comeback-refusal-keeps-held-messages',
    protection: 'a refusal stops the messages held for 09:00, by WhatsApp and by e-mail',
    file: 'apps/server/src/features/comeback/service.ts',
    find: 'if (allowed) return;',
    replace: 'if (allowed || Math.random() >= 0) return;',
    test: WHATSAPP,
  },
  {
    name: 'comeback-story-without-money',
    protection: "the client's story shows each appointment's closing (what was paid)",
    file: 'apps/server/src/features/comeback/story.ts',
    find: 'closing: toPaid(closings.get(a.id)),',
    replace: 'closing: toPaid(undefined),',
    test: STORY_MONEY,
  },
  {
    name: 'comeback-whatsapp-params-multiline',
    protection: "the professional's text goes on one line (Meta refuses line breaks in parameters)",
    file: 'apps/server/src/features/comeback/send.ts',
    find: "export const oneLine = (text: string) => text.replace(/\\s+/g, ' ').trim();",
    replace: 'export const oneLine = (text: string) => text;',
    test: WHATSAPP,
  },
  {
    name: 'comeback-whatsapp-without-stop-link',
    protection: 'every WhatsApp automation carries the stop link',
    file: 'apps/server/src/features/comeback/send.ts',
    find: '            stopUrl,\n          ],',
    replace: "            '',\n          ],",
    test: WHATSAPP,
  },
  {
    name: 'comeback-whatsapp-and-email-both',
    protection: 'a message planned by WhatsApp is not mailed as well (the e-mail is its fallback)',
    file: 'apps/server/src/features/comeback/send.ts',
    find: 'if (whatsapp.queued) {',
    replace: 'if (whatsapp.queued && false) {',
    test: WHATSAPP,
  },
  {
    name: 'comeback-missing-whatsapp-only-refused',
    protection: 'a missing client with only a mobile can get the one-tap message by WhatsApp',
    file: 'apps/server/src/features/comeback/missing.ts',
    find: 'canMessage: Boolean(client.email) || (whatsappOn && toE164(client.phone) !== null),',
    replace: 'canMessage: Boolean(client.email) || (whatsappOn && false),',
    test: WHATSAPP,
  },
  {
    name: 'comeback-templates-not-marketing',
    protection: 'the automations are registered at Meta as MARKETING templates',
    file: 'apps/server/src/features/whatsapp/templates.ts',
    find: "    category: 'MARKETING',",
    replace: "    category: 'UTILITY',",
    test: ADAPTER,
  },
  {
    name: 'comeback-birthday-impossible-date',
    protection: 'an impossible birthday (30/02, 29/02 of a common year) is refused in pt-BR',
    file: 'packages/shared/src/birthday.ts',
    find: "if (!isIsoDate(`${year ?? '2000'}-${month}-${day}`)) return null;",
    replace: "if (!isIsoDate(`${year ?? '2000'}-${month}-01`)) return null;",
    test: AUTOMATIONS,
  },
];
