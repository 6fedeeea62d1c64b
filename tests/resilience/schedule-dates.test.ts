/**
 * Red-team probe of POST /publication-schedule's `at` (decision 82): generated impossible dates and
 * times, times without their offset, other formats, the past and beyond the horizon, posted as an admin
 * who may publish. Every one must be a 422 naming `at` (a JSON value holding a `__proto__` key: decision
 * 190's 400), and none may be stored. RESILIENCE_FUZZ_RUNS / 4
 * inputs per kind (200 by default); the seed is recorded with the figures.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, getStrapi, http } from '../helpers/app';
import { recordFigures } from './figures';

const PER_KIND = Math.ceil(Number(process.env.RESILIENCE_FUZZ_RUNS || 800) / 4);
const TESTIMONIAL = 'api::luxury.luxury-testimonial';
const DAY_MS = 86_400_000;
/** Two years and a day: beyond the horizon whatever its exact length. */
const BEYOND_HORIZON_MS = 731 * DAY_MS;
const LAST_FOUR_DIGIT_YEAR = Date.UTC(9999, 11, 31, 23, 59, 59);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Days in a month, by the platform's calendar (not the code under test). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const year = fc.integer({ min: 1000, max: 9999 });
const month = fc.integer({ min: 1, max: 12 });
const offset = fc.constantFrom('Z', '+04:00', '-05:30', '+00:00', '+14:00', '-12:00');
const fraction = fc.option(fc.stringMatching(/^\.\d{1,9}$/), { nil: '' });
const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }));
const text = (date: string, [h, m, s]: number[], rest: string) => `${date}T${pad(h)}:${pad(m)}:${pad(s)}${rest}`;
const realDate = fc.tuple(year, month).chain(([y, m]) => fc.integer({ min: 1, max: daysIn(y, m) }).map((d) => `${y}-${pad(m)}-${pad(d)}`));

const impossibleDate = fc.oneof(
  fc.tuple(year, month).chain(([y, m]) => fc.integer({ min: daysIn(y, m) + 1, max: 99 }).map((d) => `${y}-${pad(m)}-${pad(d)}`)),
  fc.tuple(year, fc.integer({ min: 13, max: 99 }), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
  fc.tuple(year, fc.constantFrom(0), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
  fc.tuple(year, month).map(([y, m]) => `${y}-${pad(m)}-00`)
);

const impossibleTime = fc.oneof(
  fc.tuple(fc.integer({ min: 24, max: 99 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 })),
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 60, max: 99 }), fc.integer({ min: 0, max: 59 })),
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 60, max: 99 }))
);

/** The probe's start: a moment before it stays past, one beyond its horizon stays beyond the server's. */
const START = Date.now();
/** A moment between `min` and `max` ms after the start (before it when negative), in the one format. */
const fromStart = (min: number, max: number) => fc.integer({ min, max }).map((ms) => new Date(START + ms).toISOString());
const nextYear = fc.date({ min: new Date(START), max: new Date(START + 365 * DAY_MS), noInvalidDate: true });

const KINDS: Record<string, { inputs: fc.Arbitrary<unknown>; message: RegExp }> = {
  'impossible date': { inputs: fc.tuple(impossibleDate, time, fraction, offset).map(([d, t, f, o]) => text(d, t, f + o)), message: /date that does not exist/ },
  'impossible time': { inputs: fc.tuple(realDate, impossibleTime, fraction, offset).map(([d, t, f, o]) => text(d, t, f + o)), message: /time that does not exist/ },
  'no offset': { inputs: fc.tuple(realDate, time, fraction).map(([d, t, f]) => text(d, t, f)), message: /no UTC offset/ },
  'other format': {
    inputs: fc.oneof(
      fc.string(),
      fc.jsonValue().filter((value) => typeof value !== 'string'),
      realDate,
      year.map(String),
      nextYear.map((d) => d.toUTCString()),
      nextYear.map((d) => d.toISOString().replace('T', ' ')),
      fc.integer({ min: 10_000, max: 275_760 }).map((y) => `+${pad(y, 6)}-01-01T00:00:00Z`)
    ),
    message: /ISO 8601|no UTC offset|no seconds/,
  },
  past: { inputs: fromStart(-100 * 365 * DAY_MS, -1_000), message: /must be in the future/ },
  'beyond the horizon': { inputs: fromStart(BEYOND_HORIZON_MS, LAST_FOUR_DIGIT_YEAR - START), message: /at most 730 days/ },
};

const PROTO_KEY_MESSAGE = 'The request body has a key named __proto__, which is not accepted';
const holdsProtoKey = (value: unknown) => JSON.stringify(value).includes('"__proto__":');

let strapi: Core.Strapi;
let documentId: string;
const seed = START;
const storedRows = async () => Number((await strapi.db.getConnection('app_scheduled_publications').count({ n: '*' }).first())?.n);

beforeAll(async () => {
  strapi = await getStrapi();
  const created = await strapi.documents(TESTIMONIAL).create({ locale: 'en', data: { reviewer_name: 'Date probe', text: 'Superb.', rating: 5, order: 0, is_active: true } });
  documentId = created.documentId;
});

afterAll(async () => {
  await strapi.documents(TESTIMONIAL).delete({ documentId });
});

describe('scheduling impossible and malformed dates', () => {
  it('refuses every one with a 422 naming `at`, and stores none', async () => {
    const authorization = `Bearer ${await adminToken()}`;
    const rowsBefore = await storedRows();
    const byKind: Record<string, { sent: number; refused_422: number; refused_400: number }> = {};
    const statuses: Record<string, number> = {};
    const wrong: string[] = [];
    for (const [kind, { inputs, message }] of Object.entries(KINDS)) {
      byKind[kind] = { sent: 0, refused_422: 0, refused_400: 0 };
      for (const at of fc.sample(inputs, { numRuns: PER_KIND, seed })) {
        const res = await (await http()).post('/publication-schedule').set('Authorization', authorization).send({ uid: TESTIMONIAL, documentId, locale: 'en', action: 'publish', at });
        byKind[kind].sent += 1;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const error = res.body?.error;
        if (holdsProtoKey(at)) {
          // Decision 190: such a body is refused as a whole before `at` is read, and fast-check's JSON values hold one now and then.
          if (res.status === 400 && error?.message === PROTO_KEY_MESSAGE) byKind[kind].refused_400 += 1;
          else wrong.push(`${kind} ${JSON.stringify(at)}: ${res.status} ${JSON.stringify(res.body)}`);
          continue;
        }
        const named = res.status === 422 && Array.isArray(error?.details?.errors?.at) && error.details.errors.at[0] === error.message && message.test(error.message);
        if (named) byKind[kind].refused_422 += 1;
        else wrong.push(`${kind} ${JSON.stringify(at)}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    const stored = (await storedRows()) - rowsBefore;
    const sent = Object.values(byKind).reduce((sum, kind) => sum + kind.sent, 0);
    const refused = Object.values(byKind).reduce((sum, kind) => sum + kind.refused_422, 0);
    const refused400 = Object.values(byKind).reduce((sum, kind) => sum + kind.refused_400, 0);
    recordFigures('schedule dates', { sent, refused_422: refused, refused_400: refused400, stored, statuses, by_kind: byKind, seed });
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(stored).toBe(0);
  });
});
