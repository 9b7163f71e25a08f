import { describe, expect, it, vi } from 'vitest';
import { createIdBatcher } from './batch-by-id';

interface Row {
  bookingId: string;
  cents: number;
}

function setup(answer: (ids: string[]) => Promise<Row[]>) {
  const fetchRows = vi.fn(answer);
  return { fetchRows, load: createIdBatcher(fetchRows, (row) => row.bookingId) };
}

describe('createIdBatcher', () => {
  it('sends the asks of one render as one request, each id once, and answers each ask', async () => {
    const { fetchRows, load } = setup(async (ids) =>
      ids.filter((id) => id !== 'c').map((id) => ({ bookingId: id, cents: id.length })),
    );
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('c')]);
    expect(fetchRows).toHaveBeenCalledTimes(1);
    expect(fetchRows).toHaveBeenCalledWith(['a', 'b', 'c']);
    expect(answers).toEqual([
      { bookingId: 'a', cents: 1 },
      { bookingId: 'b', cents: 1 },
      { bookingId: 'a', cents: 1 },
      null,
    ]);
  });

  it('starts a new request for the asks of a later render', async () => {
    const { fetchRows, load } = setup(async (ids) =>
      ids.map((id) => ({ bookingId: id, cents: 0 })),
    );
    await load('a');
    await Promise.all([load('b'), load('c')]);
    expect(fetchRows.mock.calls).toEqual([[['a']], [['b', 'c']]]);
  });

  it('fails every ask of the request when it fails, not just the first', async () => {
    const { load } = setup(() => Promise.reject(new Error('offline')));
    const asks = [load('a'), load('b')];
    await expect(asks[0]).rejects.toThrow('offline');
    await expect(asks[1]).rejects.toThrow('offline');
  });
});
