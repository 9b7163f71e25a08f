import { deriveUnsubscribeKey, unsubscribeToken } from '../../../src/features/comeback/unsubscribe';
import { TEST_AUTH_SECRET, type TestContext } from '../../helpers/app';
import type { BookableProfessional } from '../../helpers/booking';

/**
 * The owner's records of issue 50 an attacker aims at: an anamnesis form her first service asks
 * for (features/anamnesis) and her client's stop link (features/comeback).
 */
export async function comebackRecords(
  ctx: TestContext,
  owner: BookableProfessional,
  serviceId: string,
  clientId: string,
): Promise<{ formId: string; unsubscribePath: string }> {
  const form = await owner.pro.request({
    method: 'POST',
    url: '/api/anamnesis/forms',
    payload: {
      name: 'Ficha da Dona',
      fields: [{ id: 'q1', label: 'Tem alergias?', type: 'yes_no', required: true }],
      serviceIds: [serviceId],
    },
  });
  if (form.statusCode !== 201) throw new Error(`owner anamnesis form: ${form.body}`);
  const key = deriveUnsubscribeKey(ctx.env.AUTH_SECRET ?? TEST_AUTH_SECRET);
  return {
    formId: form.json().id,
    unsubscribePath: `/descadastro/${unsubscribeToken(key, owner.profileId, clientId)}`,
  };
}
