export interface SlotPeriod {
  label: 'Manhã' | 'Tarde' | 'Noite';
  slots: string[];
}

/** Splits "HH:MM" start times into morning (before 12:00), afternoon and evening (18:00 on). */
export function groupSlotsByPeriod(slots: readonly string[]): SlotPeriod[] {
  const periods: SlotPeriod[] = [
    { label: 'Manhã', slots: [] },
    { label: 'Tarde', slots: [] },
    { label: 'Noite', slots: [] },
  ];
  for (const slot of slots) {
    const index = slot < '12:00' ? 0 : slot < '18:00' ? 1 : 2;
    periods[index]!.slots.push(slot);
  }
  return periods.filter((period) => period.slots.length > 0);
}
