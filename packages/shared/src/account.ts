import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './subscription';

/** What `GET /api/me` answers: who is signed in, their profile and their subscription. */

export const authUserSchema = z.object({ id: z.string(), email: z.string() });
export type AuthUser = z.infer<typeof authUserSchema>;

export const profileSchema = z.object({
  id: z.string(),
  professionalName: z.string(),
  businessName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  customLink: z.string(),
  isActive: z.boolean(),
  avatarUrl: z.string().nullable(),
  timezone: z.string(),
  state: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The stored subscription plus what `getSubscriptionAccess` derives from it; dates are ISO strings. */
export const subscriptionViewSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
  isTrial: z.boolean(),
  hasAccess: z.boolean(),
  trialDaysLeft: z.number().int(),
  renewalDaysLeft: z.number().int(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const meResponseSchema = z.object({
  user: authUserSchema,
  profile: profileSchema,
  /** null when none exists: it counts as absent, without access (docs/product.md section 4). */
  subscription: subscriptionViewSchema.nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const signInResponseSchema = z.object({ user: authUserSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
