import { parseBrlToCents } from '@agendaki/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MoneyInput } from './money-input';

/** A field as a form holds it, with the cents the text reads as beside it. */
function Field({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const parsed = parseBrlToCents(text);
  return (
    <>
      <label htmlFor="price">Preço (R$)</label>
      <MoneyInput id="price" value={text} onValueChange={setText} />
      <output>{parsed.ok ? parsed.cents : parsed.message}</output>
      <button type="button">Depois</button>
    </>
  );
}

async function typeAndLeave(keys: string, initial?: string) {
  const user = userEvent.setup();
  render(<Field initial={initial} />);
  const input = screen.getByLabelText('Preço (R$)');
  await user.click(input);
  await user.keyboard(keys);
  const typed = (input as HTMLInputElement).value;
  await user.tab();
  return { input: input as HTMLInputElement, typed };
}

describe('MoneyInput', () => {
  it('is a text field with the decimal keyboard and a visible R$, never type=number', () => {
    render(<Field />);
    const input = screen.getByLabelText('Preço (R$)');
    expect(input.getAttribute('type')).toBe('text');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('placeholder')).toBe('0,00');
    expect(screen.getByText('R$').getAttribute('aria-hidden')).toBe('true');
  });

  it.each([
    ['45,50', '45,50', 4550],
    ['45.50', '45,50', 4550],
    ['45.5', '45,50', 4550],
    ['45', '45,00', 4500],
    ['R$ 45,50', '45,50', 4550],
    ['R$ 1.234,56', '1.234,56', 123456],
    ['1234,56', '1.234,56', 123456],
    ['1.234', '1.234,00', 123400],
    ['0,5', '0,50', 50],
  ])(
    'typed %j: kept as typed while typing, %j on leaving, %i cents',
    async (keys, shown, cents) => {
      const { input, typed } = await typeAndLeave(keys);
      expect(typed).toBe(keys);
      expect(input.value).toBe(shown);
      expect(screen.getByRole('status').textContent).toBe(String(cents));
    },
  );

  it('leaves what it cannot read as typed, for the form to explain', async () => {
    const { input } = await typeAndLeave('45,505');
    expect(input.value).toBe('45,505');
    expect(screen.getByRole('status').textContent).toBe(
      'Use no máximo duas casas decimais (centavos)',
    );
  });

  it('edits a saved amount from the end, as a person does', async () => {
    const { input, typed } = await typeAndLeave('{Backspace}{Backspace}5', '80,00');
    expect(typed).toBe('80,5');
    expect(input.value).toBe('80,50');
  });
});
