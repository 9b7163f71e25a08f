import { moneyTextSchema } from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MoneyFormField } from './money-form-field';

const schema = z.object({ name: z.string(), price: moneyTextSchema() });

/** A form as the product writes one: the amount typed as text, cents once valid. */
function PriceForm({ onSave }: { onSave: (cents: number) => void }) {
  const { control, register, handleSubmit } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({ resolver: zodResolver(schema), defaultValues: { name: '', price: '' } });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit((v) => onSave(v.price))(event)}>
      <input aria-label="Nome" {...register('name')} />
      <MoneyFormField
        label="Preço (R$)"
        name="price"
        control={control}
        description="O valor cobrado"
      />
      <button type="submit">Salvar</button>
    </form>
  );
}

async function typePrice(keys: string) {
  const user = userEvent.setup();
  const onSave = vi.fn();
  render(<PriceForm onSave={onSave} />);
  const input = screen.getByLabelText<HTMLInputElement>('Preço (R$)');
  await user.click(input);
  if (keys) await user.keyboard(keys);
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
  return { input, onSave };
}

describe('MoneyFormField', () => {
  it.each([
    ['45,50', '45,50', 4550],
    ['45.50', '45,50', 4550],
    ['45', '45,00', 4500],
    ['1234,56', '1.234,56', 123456],
    ['R$ 1.234,56', '1.234,56', 123456],
  ])('typed %j: shows %j and saves %i cents', async (keys, shown, cents) => {
    const { input, onSave } = await typePrice(keys);
    expect(input.value).toBe(shown);
    expect(onSave).toHaveBeenCalledWith(cents);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('O valor cobrado').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('explains what it cannot read, under the field, and focuses it', async () => {
    const { input, onSave } = await typePrice('45,505');
    const message = await screen.findByText('Use no máximo duas casas decimais (centavos)');
    expect(onSave).not.toHaveBeenCalled();
    expect(input.value).toBe('45,505');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByText('O valor cobrado')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('asks for a value when left empty', async () => {
    const { onSave } = await typePrice('');
    expect(await screen.findByText('Informe um valor')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('drops the error once the amount is fixed', async () => {
    const user = userEvent.setup();
    const { input, onSave } = await typePrice('abc');
    await screen.findByText('Valor inválido. Digite apenas números, como 45,50');
    await user.clear(input);
    await user.keyboard('80,5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(input.value).toBe('80,50');
    expect(onSave).toHaveBeenCalledWith(8050);
    expect(screen.queryByText(/Valor inválido/)).toBeNull();
  });
});
