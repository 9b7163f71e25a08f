import { expect } from 'vitest';
import type { TestContext } from './app';

/** The token the metrics tests configure (`METRICS_TOKEN`). */
export const METRICS_TOKEN = 'metricas-0123456789abcdef-token';

/** GET /metrics with the token: Prometheus' text. */
export async function scrape(ctx: Pick<TestContext, 'app'>): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

/** The value of one series, e.g. `agendaki_bookings_created_total`; undefined when absent. */
export function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** `agendaki_messages_total` of a channel and outcome, 0 when the series is absent. */
export function messagesOf(text: string, channel: string, outcome: 'sent' | 'failed'): number {
  return valueOf(text, `agendaki_messages_total{channel="${channel}",outcome="${outcome}"}`) ?? 0;
}
