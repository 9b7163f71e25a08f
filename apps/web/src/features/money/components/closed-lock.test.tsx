import type { Appointment } from '@agendaki/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { ClosedLock } from './closed-lock';

const appointmentWith = (id: string) => ({ id }) as Appointment;

describe('ClosedLock', () => {
  it('locks the appointments that have a closing, asked in one request', async () => {
    const closed = crypto.randomUUID();
    const open = crypto.randomUUID();
    const { calls } = stubApi({
      'GET /api/closings/summary': [
        {
          appointmentId: closed,
          closingId: crypto.randomUUID(),
          totalCents: 5000,
          paidCents: 5000,
          owedCents: 0,
        },
      ],
    });
    renderPage(
      <ul>
        {[closed, open].map((id) => (
          <ClosedLock key={id} appointment={appointmentWith(id)}>
            {(locked) => <li data-testid={id}>{locked ? 'travado' : 'livre'}</li>}
          </ClosedLock>
        ))}
      </ul>,
    );

    expect((await screen.findByText('travado')).dataset.testid).toBe(closed);
    expect(screen.getByTestId(open).textContent).toBe('livre');
    const asked = calls.filter((call) => call.path === '/api/closings/summary');
    expect(asked.map((call) => call.query.get('ids')?.split(',').sort())).toEqual([
      [closed, open].sort(),
    ]);
  });
});
