// `npm run whatsapp:templates`: registers the pt-BR message templates (features/whatsapp/
// templates.ts) with the WhatsApp Business Account of the configured variables, and lists each
// one's review state (docs/decisions/037-whatsapp-cloud-api.md, how to connect a number).
import { EnvError, loadEnv } from './config/env';
import { createWhatsappApi } from './features/whatsapp/service';
import { registerTemplates } from './features/whatsapp/register';

try {
  const env = loadEnv();
  if (!env.whatsapp) {
    throw new EnvError(
      'WhatsApp: defina WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET e ' +
        'WHATSAPP_VERIFY_TOKEN',
    );
  }
  if (!env.whatsapp.businessAccountId) {
    throw new EnvError('WHATSAPP_BUSINESS_ACCOUNT_ID: obrigatório para registrar os modelos');
  }
  const outcomes = await registerTemplates(createWhatsappApi(env.whatsapp));
  for (const outcome of outcomes) {
    const verb = outcome.action === 'created' ? 'enviado para análise' : 'já registrado';
    console.log(`${outcome.name}: ${verb} (${outcome.status})`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
