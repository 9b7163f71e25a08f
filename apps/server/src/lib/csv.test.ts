import { describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  csvCell,
  csvDate,
  csvDateTime,
  csvDocument,
  csvLine,
  csvMoney,
  csvTime,
} from './csv';

async function text(parts: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const part of parts) all += part;
  return all;
}

describe('CSV for Excel in Brazil', () => {
  it.each([
    ['Ana Souza', 'Ana Souza'],
    ['Corte; barba', '"Corte; barba"'],
    ['diz "oi"', '"diz ""oi"""'],
    ['linha 1\nlinha 2', '"linha 1\nlinha 2"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+5511', "'+5511"],
    ['-1', "'-1"],
    ['@soma', "'@soma"],
    ['', ''],
  ])('a text cell %j is written %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('writes numbers with a decimal comma, booleans in pt-BR, nothing for null', () => {
    expect(csvLine([12.5, 30, true, false, null, undefined])).toBe('12,5;30;Sim;Não;;\r\n');
  });

  it('formats dates, times and money the pt-BR way', () => {
    expect(csvDate('2026-11-21')).toBe('21/11/2026');
    expect(csvDate('2026-11-21 14:00:00')).toBe('21/11/2026');
    expect(csvDate(null)).toBe('');
    expect(csvTime('09:30:00')).toBe('09:30');
    expect(csvMoney('1234.5')).toBe('1234,50');
    expect(csvMoney('50.00')).toBe('50,00');
    expect(csvMoney('7')).toBe('7,00');
    expect(csvDateTime(new Date('2026-03-02T01:30:00Z'), 'America/Sao_Paulo')).toBe(
      '01/03/2026 22:30',
    );
  });

  it('streams a document: the BOM and header first, then each row', async () => {
    async function* rows() {
      yield { name: 'Ana', price: '10.00' };
      yield { name: 'Bia; Lima', price: '1234.56' };
    }
    const document = await text(
      csvDocument(['Nome', 'Valor (R$)'], rows(), (row) => [row.name, csvMoney(row.price)]),
    );
    expect(document).toBe(`${CSV_BOM}Nome;Valor (R$)\r\nAna;10,00\r\n"Bia; Lima";1234,56\r\n`);
  });
});
