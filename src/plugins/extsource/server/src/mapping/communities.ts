/**
 * The emirate of a place a provider names without its emirate: Reelly sends some projects with an empty
 * `region` and a numeric `city`, leaving only the district ("Business Bay"). A name that contains an
 * emirate's name ("Dubai Marina", "Sharjah Waterfront City") says it; otherwise the well-known
 * communities of the off-plan market below do. Unknown names stay unknown (no emirate, never a guess).
 */
import { EMIRATES, type EmirateCode } from './emirates';

const COMMUNITIES: Record<EmirateCode, string[]> = {
  DU: [
    'Business Bay', 'Downtown', 'Palm Jumeirah', 'Jumeirah Village Circle', 'JVC', 'Jumeirah Village Triangle', 'JVT',
    'Jumeirah Lake Towers', 'JLT', 'Jumeirah Beach Residence', 'JBR', 'Jumeirah Golf Estates', 'Jumeirah Park', 'Meydan',
    'Mohammed Bin Rashid City', 'MBR City', 'Arabian Ranches', 'Emaar Beachfront', 'Damac Hills', 'Damac Lagoons',
    'Al Furjan', 'Arjan', 'Sobha Hartland', 'Town Square', 'Motor City', 'Sports City', 'Discovery Gardens', 'Al Barsha',
    'Al Jaddaf', 'Bluewaters', 'City Walk', 'Creek Beach', 'The Valley', 'Tilal Al Ghaf', 'The Oasis', 'Expo City',
    'Al Quoz', 'Deira', 'Mirdif', 'Nad Al Sheba', 'Ras Al Khor', 'Al Wasl', 'Jumeirah', 'Emirates Hills', 'The Greens',
    'The Springs', 'The Meadows', 'Al Sufouh', 'Al Mamzar', 'Majan', 'Liwan', 'Al Satwa', 'Culture Village', 'La Mer',
  ],
  AZ: [
    'Saadiyat Island', 'Saadiyat', 'Yas Island', 'Al Reem Island', 'Reem Island', 'Al Raha Beach', 'Al Raha', 'Masdar City',
    'Al Maryah Island', 'Al Jubail Island', 'Jubail Island', 'Al Hudayriat', 'Khalifa City', 'Al Shamkha', 'Al Reef',
    'Al Ghadeer', 'Ramhan Island', 'Fahid Island', 'Al Saadiyat', 'Mohamed Bin Zayed City', 'Al Jurf', 'Al Bateen',
  ],
  SH: ['Aljada', 'Al Zahia', 'Tilal City', 'Maryam Island', 'Al Khan', 'Muwaileh', 'Al Majaz', 'Al Mamsha', 'Hoshi', 'Masaar'],
  RK: ['Al Marjan Island', 'Marjan Island', 'Mina Al Arab', 'Al Hamra', 'Al Hamra Village'],
  AJ: ['Al Zorah', 'Al Nuaimiya', 'Emirates City', 'Al Yasmeen', 'Al Helio'],
  UQ: ['Siniya Island', 'Al Salam City'],
  FU: ['Dibba', 'Al Aqah'],
};

const key = (name: string) => name.trim().toUpperCase().replace(/[\s-]+/g, ' ');

const BY_COMMUNITY = new Map<string, EmirateCode>(
  (Object.entries(COMMUNITIES) as Array<[EmirateCode, string[]]>).flatMap(([code, names]) => names.map((name) => [key(name), code] as const))
);

/** Emirate names, longest first, as they appear inside place names (with the Arabic ones). */
const EMIRATE_WORDS = EMIRATES.flatMap(({ id, name, name_ar }) => [[key(name), id] as const, [name_ar, id] as const]).sort((a, b) => b[0].length - a[0].length);

/** The emirate a place name points to, or undefined. */
export function emirateOfPlace(name: string): EmirateCode | undefined {
  if (!name.trim()) return undefined;
  const wanted = key(name);
  const known = BY_COMMUNITY.get(wanted) ?? BY_COMMUNITY.get(wanted.replace(/^THE /, ''));
  if (known) return known;
  return EMIRATE_WORDS.find(([word]) => wanted.includes(word))?.[1];
}
