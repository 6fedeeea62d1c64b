/**
 * Emirate codes (decision 19): the ISO 3166-2:AE suffixes are canonical; input is case-insensitive and
 * also accepts the common aliases and the emirates' names, in English and Arabic.
 */
export const EMIRATES = [
  { id: 'AZ', name: 'Abu Dhabi', name_ar: 'أبوظبي' },
  { id: 'AJ', name: 'Ajman', name_ar: 'عجمان' },
  { id: 'DU', name: 'Dubai', name_ar: 'دبي' },
  { id: 'FU', name: 'Fujairah', name_ar: 'الفجيرة' },
  { id: 'RK', name: 'Ras Al Khaimah', name_ar: 'رأس الخيمة' },
  { id: 'SH', name: 'Sharjah', name_ar: 'الشارقة' },
  { id: 'UQ', name: 'Umm Al Quwain', name_ar: 'أم القيوين' },
] as const;

export type EmirateCode = (typeof EMIRATES)[number]['id'];

const ALIASES: Record<string, EmirateCode> = {
  AD: 'AZ', AUH: 'AZ', DXB: 'DU', SHJ: 'SH', AJM: 'AJ', RAK: 'RK', FUJ: 'FU', UAQ: 'UQ',
};

const BY_KEY = new Map<string, EmirateCode>();
for (const { id, name, name_ar } of EMIRATES) {
  BY_KEY.set(id, id);
  BY_KEY.set(name.toUpperCase(), id);
  BY_KEY.set(name_ar, id);
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
