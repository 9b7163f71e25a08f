import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './submit-button';

describe('SubmitButton', () => {
  it('submits its form and shows its label while idle', () => {
    render(
      <SubmitButton isPending={false} pendingLabel="Salvando...">
        Salvar
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Salvar' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button).toHaveProperty('disabled', false);
    expect(button.querySelector('svg')).toBeNull();
  });

  it('while pending: disabled, busy, a spinner and the pending label', () => {
    render(
      <SubmitButton isPending pendingLabel="Salvando...">
        Salvar
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Salvando...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
  });

  it('keeps its label when no pending label is given, and stays disabled when told', () => {
    render(
      <SubmitButton isPending={false} disabled>
        Reenviar
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Reenviar' })).toHaveProperty('disabled', true);
  });
});
