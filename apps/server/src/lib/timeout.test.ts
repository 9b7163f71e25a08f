import { describe, expect, it } from 'vitest';
import { withTimeout } from './timeout';

const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('withTimeout', () => {
  it('answers the task when it is in time', async () => {
    expect(await withTimeout(after(5, 'pronto'), 1_000, () => 'tarde')).toBe('pronto');
  });

  it('answers late() when the task is not', async () => {
    expect(await withTimeout(after(1_000, 'pronto'), 10, () => 'tarde')).toBe('tarde');
  });

  it('rejects with what late() throws, and with what the task throws', async () => {
    const late = () => {
      throw new Error('expirou');
    };
    await expect(withTimeout(after(1_000, 1), 10, late)).rejects.toThrow('expirou');
    await expect(withTimeout(Promise.reject(new Error('falhou')), 1_000, late)).rejects.toThrow(
      'falhou',
    );
  });
});
