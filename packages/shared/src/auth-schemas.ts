import { z } from 'zod';
import { requiredText } from './text';

/**
 * The auth forms' schemas, used by the web forms (zodResolver) and by the server routes alike.
 * Messages are pt-BR (docs/product.md section 5, docs/product.md, "Accounts and sessions"); the first
 * failing rule is the one shown.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
/** docs/product.md section 5: login accepts shorter, older passwords. */
export const LOGIN_PASSWORD_MIN = 6;

export const AUTH_MESSAGES = {
  emailInvalid: 'Email inválido',
  emailTooLong: 'Email muito longo',
  passwordTooShort: 'A senha deve ter pelo menos 8 caracteres',
  passwordTooLong: 'A senha deve ter no máximo 100 caracteres',
  loginPasswordTooShort: 'Senha deve ter pelo menos 6 caracteres',
  passwordsDiffer: 'As senhas não coincidem',
  businessNameRequired: 'Nome do negócio é obrigatório',
  businessNameTooLong: 'Nome do negócio muito longo',
  professionalNameRequired: 'Seu nome é obrigatório',
  professionalNameTooLong: 'Nome muito longo',
  currentPasswordRequired: 'Informe sua senha atual',
  tokenRequired: 'Link inválido ou expirado. Solicite um novo.',
} as const;

/** Trimmed and lowercased, so "Ana@Exemplo.com " and "ana@exemplo.com" are one account. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .max(255, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

/** A password being chosen (sign-up, reset, change in settings): 8 to 100 characters. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong);

export const signUpSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
    businessName: requiredText({
      max: 100,
      required: AUTH_MESSAGES.businessNameRequired,
      tooLong: AUTH_MESSAGES.businessNameTooLong,
    }),
    professionalName: requiredText({
      max: 100,
      required: AUTH_MESSAGES.professionalNameRequired,
      tooLong: AUTH_MESSAGES.professionalNameTooLong,
    }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.loginPasswordTooShort })
    .min(LOGIN_PASSWORD_MIN, AUTH_MESSAGES.loginPasswordTooShort)
    .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** "Esqueci minha senha" and "reenviar confirmação" both ask only the e-mail. */
export const emailOnlySchema = z.object({ email: emailSchema });
export const forgotPasswordSchema = emailOnlySchema;
/** "Enviar link de acesso por e-mail": a one-time sign-in link, offered when sign-in is throttled. */
export const signInLinkSchema = emailOnlySchema;
export const resendVerificationSchema = emailOnlySchema;
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: AUTH_MESSAGES.tokenRequired })
      .min(1, AUTH_MESSAGES.tokenRequired)
      .max(200, AUTH_MESSAGES.tokenRequired),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Configurações > Segurança. The settings message (docs/product.md section 5) carries a final period. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(1, AUTH_MESSAGES.currentPasswordRequired)
      .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: `${AUTH_MESSAGES.passwordsDiffer}.` }),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: `${AUTH_MESSAGES.passwordsDiffer}.`,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Error codes the web app reacts to (besides showing `message`). */
export const API_ERROR_CODES = {
  unauthorized: 'UNAUTHORIZED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** Too many wrong passwords for this account: wait, or sign in with an e-mailed link. */
  signInThrottled: 'SIGN_IN_THROTTLED',
} as const;
