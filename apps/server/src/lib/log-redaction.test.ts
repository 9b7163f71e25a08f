import { describe, expect, it } from 'vitest';
import { redactSecrets } from './log-redaction';

describe('redactSecrets', () => {
  it.each([
    ['/api/public/manage/abc_DEF-123', '/api/public/manage/[redacted]'],
    [
      '/api/public/manage/abc/slots?date=2026-11-24',
      '/api/public/manage/[redacted]/slots?date=2026-11-24',
    ],
    ['/agendamento/abc?x=1', '/agendamento/[redacted]?x=1'],
    ['/ics/abc.ics', '/ics/[redacted].ics'],
    ['/ics/abc', '/ics/[redacted]'],
    ['/auth/nova-senha?token=abc&x=1', '/auth/nova-senha?token=[redacted]&x=1'],
    [
      '/api/auth/verify-email?callbackURL=/&token=abc',
      '/api/auth/verify-email?callbackURL=/&token=[redacted]',
    ],
    ['Route GET:/agendamento/abc not found', 'Route GET:/agendamento/[redacted] not found'],
    ['/book/demo?date=2026-11-24', '/book/demo?date=2026-11-24'],
  ])('%s → %s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });
});
