/**
 * Who the demo professional is ("Ver Demonstração", features/demo). Several features leave her
 * out (no mails, no charges, no erasure), so her identity lives here rather than in a feature.
 */

/** Fixed ids make seeding idempotent: every start finds the same rows. */
export const DEMO_USER_ID = 'agendaki-demo-professional';
export const DEMO_ACCOUNT_ID = 'agendaki-demo-credential';
export const DEMO_LINK = 'demo';
/** `.invalid` never resolves (RFC 2606): nothing is ever sent to it. */
export const DEMO_EMAIL = 'demo@agendaki.invalid';

export function isDemoProfessional(userId: string): boolean {
  return userId === DEMO_USER_ID;
}
