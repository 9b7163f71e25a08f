import { formatCurrencyFromCents } from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import { PRICE_PLACEHOLDER_CENTS, renderLandingMarkup } from './landing-prerender';

describe('the prerendered landing (dist/landing.html)', () => {
  it('is the whole page as static HTML: texts, plan, links, the price left to the server', () => {
    const html = renderLandingMarkup();
    for (const text of [
      'Sua agenda aberta 24 horas por dia',
      'Agendamento Online 24/7',
      'Controle de Horários Sem Conflitos',
      'Gestão de Clientes',
      'Link Personalizado',
      'Plano Mensal',
      'Link personalizado para agendamentos',
      'Quem usa, recomenda',
      'Pronto para deixar sua agenda no automático?',
      '© 2024 Agendaki. Todos os direitos reservados.',
    ]) {
      expect(html).toContain(text);
    }
    // The configured price goes where the placeholder's text is (scripts/prerender-landing.mjs).
    const placeholder = formatCurrencyFromCents(PRICE_PLACEHOLDER_CENTS);
    expect(html.split(placeholder).length - 1).toBe(2);
    expect(html).not.toContain('plan-price-skeleton');
    expect(html).toContain('href="/auth"');
    expect(html).toContain('href="/book/demo"');
    expect(html).not.toMatch(/<script\b/i);
  });
});
