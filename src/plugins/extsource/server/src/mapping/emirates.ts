/**
 * Emirate codes (decision 19): the ISO 3166-2:AE suffixes are canonical; input is case-insensitive and
 * also accepts the common aliases and the emirates' names.
 */
export const EMIRATES = [
  { id: 'AZ', name: 'Abu Dhabi' },
  { id: 'AJ', name: 'Ajman' },
  { id: 'DU', name: 'Dubai' },
  { id: 'FU', name: 'Fujairah' },
  { id: 'RK', name: 'Ras Al Khaimah' },
  { id: 'SH', name: 'Sharjah' },
  { id: 'UQ', name: 'Umm Al Quwain' },
] as const;

export type EmirateCode = (typeof EMIRATES)[number]['id'];

const ALIASES: Record<string, EmirateCode> = {
  AD: 'AZ', AUH: 'AZ', DXB: 'DU', SHJ: 'SH', AJM: 'AJ', RAK: 'RK', FUJ: 'FU', UAQ: 'UQ',
};

const BY_KEY = new Map<string, EmirateCode>();
for (const { id, name } of EMIRATES) {
  BY_KEY.set(id, id);
  BY_KEY.set(name.toUpperCase(), id);
}
for (const [alias, id] of Object.entries(ALIASES)) BY_KEY.set(alias, id);
BY_KEY.set('RAS AL-KHAIMAH', 'RK');
BY_KEY.set('UMM AL-QUWAIN', 'UQ');

/** The canonical code for a code, alias or name, or undefined when it is not an emirate. */
export function emirateCode(input: unknown): EmirateCode | undefined {
  if (typeof input !== 'string') return undefined;
  return BY_KEY.get(input.trim().toUpperCase().replace(/\s+/g, ' '));
}

export function emirateName(code: EmirateCode): string {
  return EMIRATES.find((emirate) => emirate.id === code)!.name;
}
