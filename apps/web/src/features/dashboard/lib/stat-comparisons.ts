/**
 * The stat cards' sub-texts, computed from real figures (docs/product.md, Dashboard). The month
 * figures come from the server month-to-date, compared with the same days of the last month.
 */

const percentFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function signed(value: number, text: string): string {
  return `${value > 0 ? '+' : '-'}${text}`;
}

/** "+2 desde ontem", "-1 desde ontem", "Igual a ontem". */
export function describeDayChange(today: number, yesterday: number): string {
  const difference = today - yesterday;
  if (difference === 0) return 'Igual a ontem';
  return `${signed(difference, String(Math.abs(difference)))} desde ontem`;
}

/** "+20,1%", "-12%", or null when there is nothing to compare with (previous is 0). */
export function formatPercentChange(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const change = Math.round(((current - previous) / previous) * 1000) / 10;
  if (change === 0) return '0%';
  return `${signed(change, percentFormatter.format(Math.abs(change)))}%`;
}

function describeMonthChange(current: number, previous: number, withoutPrevious: string): string {
  const change = formatPercentChange(current, previous);
  if (change === null) return withoutPrevious;
  if (change === '0%') return 'Igual ao mês passado';
  return `${change} em relação ao mês passado`;
}

/** "+20,1% em relação ao mês passado"; "Sem faturamento no mês passado" when it was zero. */
export function describeRevenueChange(currentCents: number, previousCents: number): string {
  return describeMonthChange(currentCents, previousCents, 'Sem faturamento no mês passado');
}

/** "+12% em relação ao mês passado"; "Nenhum agendamento no mês passado" when it was zero. */
export function describeMonthAppointmentsChange(current: number, previous: number): string {
  return describeMonthChange(current, previous, 'Nenhum agendamento no mês passado');
}

/** "+5 novos clientes este mês", "+1 novo cliente este mês", "Nenhum cliente novo este mês". */
export function describeNewClients(newThisMonth: number): string {
  if (newThisMonth <= 0) return 'Nenhum cliente novo este mês';
  if (newThisMonth === 1) return '+1 novo cliente este mês';
  return `+${newThisMonth} novos clientes este mês`;
}

/** "Nenhuma falta este mês", "1 cliente não compareceu", "3 clientes não compareceram". */
export function describeMonthNoShows(noShows: number): string {
  if (noShows <= 0) return 'Nenhuma falta este mês';
  if (noShows === 1) return '1 cliente não compareceu';
  return `${noShows} clientes não compareceram`;
}
