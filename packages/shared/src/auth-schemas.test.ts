import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './auth-schemas';

const validSignUp = {
  email: 'ana@exemplo.com.br',
  password: 'segredo123',
  confirmPassword: 'segredo123',
  businessName: 'Studio Ana',
  professionalName: 'Ana Souza',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('signUpSchema (docs/product.md section 5)', () => {
  it('accepts valid data, trimming names and normalizing the e-mail', () => {
    const parsed = signUpSchema.parse({
      ...validSignUp,
      email: '  Ana@Exemplo.COM.br ',
      businessName: '  Studio Ana ',
    });
    expect(parsed.email).toBe('ana@exemplo.com.br');
    expect(parsed.businessName).toBe('Studio Ana');
  });

  it.each([
    ['invalid e-mail', { email: 'ana' }, 'Email inválido'],
    ['missing e-mail', { email: undefined }, 'Email inválido'],
    ['e-mail too long', { email: `${'a'.repeat(250)}@x.com` }, 'Email muito longo'],
    [
      'short password',
      { password: '1234567', confirmPassword: '1234567' },
      'A senha deve ter pelo menos 8 caracteres',
    ],
    [
      'password over 100',
      { password: 'a'.repeat(101), confirmPassword: 'a'.repeat(101) },
      'A senha deve ter no máximo 100 caracteres',
    ],
    ['different confirmation', { confirmPassword: 'outra-senha' }, 'As senhas não coincidem'],
    ['blank business name', { businessName: '   ' }, 'Nome do negócio é obrigatório'],
    ['business name over 100', { businessName: 'a'.repeat(101) }, 'Nome do negócio muito longo'],
    ['blank own name', { professionalName: '' }, 'Seu nome é obrigatório'],
    ['own name over 100', { professionalName: 'a'.repeat(101) }, 'Nome muito longo'],
  ])('%s', (_name, override, message) => {
    expect(firstMessage(signUpSchema.safeParse({ ...validSignUp, ...override }))).toBe(message);
  });
});

describe('signInSchema', () => {
  it.each([
    ['valid', { email: 'ana@x.com', password: '123456' }, undefined],
    [
      'short password',
      { email: 'ana@x.com', password: '12345' },
      'Senha deve ter pelo menos 6 caracteres',
    ],
    ['invalid e-mail', { email: 'ana@', password: '123456' }, 'Email inválido'],
  ])('%s', (_name, input, message) => {
    expect(firstMessage(signInSchema.safeParse(input))).toBe(message);
  });
});

describe('password forms', () => {
  it('reset: new password rules and matching confirmation', () => {
    const base = { token: 'abc', password: 'segredo123', confirmPassword: 'segredo123' };
    expect(resetPasswordSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(resetPasswordSchema.safeParse({ ...base, confirmPassword: 'x' }))).toBe(
      'As senhas não coincidem',
    );
  });

  it('change: settings messages', () => {
    const base = {
      currentPassword: 'antiga1',
      newPassword: 'nova-senha',
      confirmPassword: 'nova-senha',
    };
    expect(changePasswordSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(changePasswordSchema.safeParse({ ...base, confirmPassword: 'x' }))).toBe(
      'As senhas não coincidem.',
    );
    expect(
      firstMessage(
        changePasswordSchema.safeParse({ ...base, newPassword: 'curta', confirmPassword: 'curta' }),
      ),
    ).toBe('A senha deve ter pelo menos 8 caracteres');
  });

  it('forgot and resend ask a valid e-mail', () => {
    expect(firstMessage(emailOnlySchema.safeParse({ email: '' }))).toBe('Email inválido');
  });
});
