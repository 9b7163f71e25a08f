import {
  type ClosingFormValues,
  type DiscountKind,
  discountCentsOf,
  parseBrlToCents,
} from '@agendaki/shared';
import type { DeepPartial } from 'react-hook-form';

export interface PreviewTotals {
  subtotalCents: number;
  discountCents: number;
  tipCents: number;
  totalCents: number;
  paidCents: number;
  /** Negative when the payments pass the total. */
  owedCents: number;
}

const centsOf = (text: string | undefined) => {
  const result = parseBrlToCents(text ?? '');
  return result.ok ? result.cents : 0;
};

/**
 * The totals as the form stands, to show while typing. The server computes the stored ones
 * with the same rules (shared `discountCentsOf`).
 */
export function previewTotals(form: DeepPartial<ClosingFormValues>): PreviewTotals {
  const subtotalCents = (form.items ?? []).reduce((sum, item) => sum + centsOf(item?.price), 0);
  const kind: DiscountKind = form.discountKind === 'percent' ? 'percent' : 'amount';
  const raw = form.discount ?? '';
  const value = kind === 'percent' ? Number.parseInt(raw, 10) || 0 : centsOf(raw);
  const discountCents = discountCentsOf(subtotalCents, kind, Math.max(0, value));
  const tipCents = centsOf(form.tip);
  const totalCents = subtotalCents - discountCents + tipCents;
  const paidCents = (form.payments ?? []).reduce((sum, p) => sum + centsOf(p?.amount), 0);
  return {
    subtotalCents,
    discountCents,
    tipCents,
    totalCents,
    paidCents,
    owedCents: totalCents - paidCents,
  };
}
