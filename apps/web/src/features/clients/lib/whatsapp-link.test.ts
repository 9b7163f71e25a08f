import { describe, expect, it } from 'vitest';
import { getWhatsAppLink } from './whatsapp-link';

describe('getWhatsAppLink', () => {
  it.each([
    ['(11) 98765-4321', 'https://wa.me/5511987654321'],
    ['11 98765 4321', 'https://wa.me/5511987654321'],
    ['(21) 3456-7890', 'https://wa.me/552134567890'],
    ['+55 (11) 98765-4321', 'https://wa.me/5511987654321'],
    ['5511987654321', 'https://wa.me/5511987654321'],
    ['011 98765-4321', 'https://wa.me/5511987654321'],
    ['+1 (415) 555-0100', 'https://wa.me/14155550100'],
    ['+351 912 345 678', 'https://wa.me/351912345678'],
    ['98765-4321', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j -> %j', (phone, link) => {
    expect(getWhatsAppLink(phone)).toBe(link);
  });
});
