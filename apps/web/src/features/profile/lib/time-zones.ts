/**
 * Brazil's IANA time zones as Configurações > Negócio offers them (docs/product.md, Time): the
 * city the zone is named after, in pt-BR, then the IANA name, e.g. "Manaus (America/Manaus)".
 */
export const BRAZILIAN_TIME_ZONES: readonly { value: string; city: string }[] = [
  { value: 'America/Sao_Paulo', city: 'Brasília' },
  { value: 'America/Noronha', city: 'Fernando de Noronha' },
  { value: 'America/Belem', city: 'Belém' },
  { value: 'America/Fortaleza', city: 'Fortaleza' },
  { value: 'America/Recife', city: 'Recife' },
  { value: 'America/Araguaina', city: 'Araguaína' },
  { value: 'America/Maceio', city: 'Maceió' },
  { value: 'America/Bahia', city: 'Bahia' },
  { value: 'America/Santarem', city: 'Santarém' },
  { value: 'America/Manaus', city: 'Manaus' },
  { value: 'America/Cuiaba', city: 'Cuiabá' },
  { value: 'America/Campo_Grande', city: 'Campo Grande' },
  { value: 'America/Porto_Velho', city: 'Porto Velho' },
  { value: 'America/Boa_Vista', city: 'Boa Vista' },
  { value: 'America/Rio_Branco', city: 'Rio Branco' },
  { value: 'America/Eirunepe', city: 'Eirunepé' },
];

/** "Brasília (America/Sao_Paulo)"; a zone outside the list (set elsewhere) shows its own name. */
export function getTimeZoneLabel(timeZone: string): string {
  const zone = BRAZILIAN_TIME_ZONES.find((candidate) => candidate.value === timeZone);
  return zone ? `${zone.city} (${zone.value})` : timeZone;
}

/** The select's options: the Brazilian zones, plus the current one if it is not among them. */
export function getTimeZoneOptions(current: string): { value: string; label: string }[] {
  const options = BRAZILIAN_TIME_ZONES.map((zone) => ({
    value: zone.value,
    label: getTimeZoneLabel(zone.value),
  }));
  if (current && !BRAZILIAN_TIME_ZONES.some((zone) => zone.value === current)) {
    options.push({ value: current, label: current });
  }
  return options;
}
