import { grantOperatorRole } from '../../src/features/admin/service';
import type { TestContext } from './app';
import { signUpProfessional, type SignedInProfessional } from './session';

/** An account given the operator role the way `npm run admin:grant` gives it. */
export async function signUpOperator(ctx: TestContext): Promise<SignedInProfessional> {
  const operator = await signUpProfessional(ctx, {
    businessName: 'Agendaki Operação',
    professionalName: 'Olga Operadora',
  });
  const change = await grantOperatorRole(ctx.database.db, operator.email, ctx.clock.now());
  if (change.outcome !== 'granted') throw new Error(`grant failed: ${change.outcome}`);
  return operator;
}

export const REASON = 'Pedido da profissional por e-mail (chamado 123)';
