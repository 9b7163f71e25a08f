import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createMe, unauthorizedResponse } from '@/test/account-fixtures';
import { stubApi } from '@/test/api-stub';
import { askMeEarly, getMeQueryOptions, refreshMe } from './get-me';

const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('askMeEarly: the session asked as the app starts', () => {
  it('is the first read of the session: /api/me goes out once, later reads ask again', async () => {
    const me = createMe();
    const { calls } = stubApi({ 'GET /api/me': me });
    askMeEarly();
    askMeEarly();
    expect(calls).toHaveLength(1);

    const client = fresh();
    await expect(client.fetchQuery(getMeQueryOptions())).resolves.toEqual(me);
    expect(calls).toHaveLength(1);
    await client.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
    expect(calls).toHaveLength(2);
  });

  it('hands over a failure once; the next read asks the server again', async () => {
    let fail = true;
    const { calls } = stubApi({
      'GET /api/me': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return createMe();
      },
    });
    askMeEarly();
    const client = fresh();
    await expect(client.fetchQuery(getMeQueryOptions())).rejects.toThrow();
    fail = false;
    await expect(client.fetchQuery(getMeQueryOptions())).resolves.toMatchObject({
      user: createMe().user,
    });
    expect(calls).toHaveLength(2);
  });

  it('is not what a sign-in reads: refreshMe asks the server again', async () => {
    let signedIn = false;
    const { calls } = stubApi({
      'GET /api/me': () => (signedIn ? createMe() : unauthorizedResponse()),
    });
    askMeEarly();
    signedIn = true;
    await expect(refreshMe(fresh())).resolves.toMatchObject({ user: createMe().user });
    expect(calls).toHaveLength(2);
  });
});
