import type { FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastFirstSchemaError } from './validation-toast';

type Values = { date: string; windows: { startTime: string; endTime: string }[] };

describe('toastFirstSchemaError', () => {
  afterEach(() => vi.restoreAllMocks());

  it('toasts the first message in schema order, nested ones included', () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const errors = {
      windows: [undefined, { endTime: { type: 'custom', message: 'Hora inválida' } }],
      date: { type: 'custom', message: 'Data inválida' },
    } as unknown as FieldErrors<Values>;
    toastFirstSchemaError<Values>('Erro ao salvar data')(errors);
    expect(error).toHaveBeenCalledWith('Erro ao salvar data', { description: 'Hora inválida' });
  });
});
