/**
 * POST /publication-schedule takes one format of `at` (decision 82): an impossible date, a time without
 * its offset, another format, the past or beyond the horizon is a 422 naming `at`, in Strapi's error
 * format as the route's other refusals, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, getStrapi, http } from '../helpers/app';

const TESTIMONIAL = 'api::luxury.luxury-testimonial';
const DAY_MS = 86_400_000;

let strapi: Core.Strapi;
let documentId: string;

const bearer = async () => ({ Authorization: `Bearer ${await adminToken()}` });
const schedule = async (at: unknown, action = 'publish') =>
  (await http()).post('/publication-schedule').set(await bearer()).send({ uid: TESTIMONIAL, documentId, locale: 'en', action, at });
const listed = async () =>
  (await (await http()).get('/publication-schedule').query({ uid: TESTIMONIAL, documentId, locale: 'en' }).set(await bearer())).body.data.schedule;
const storedRows = async () => Number((await strapi.db.getConnection('app_scheduled_publications').count({ n: '*' }).first())?.n);

/** The same moment written in Dubai's time (+04:00). */
const inDubai = (ms: number) => new Date(ms + 4 * 3_600_000).toISOString().replace('Z', '+04:00');

beforeAll(async () => {
  strapi = await getStrapi();
  const created = await strapi.documents(TESTIMONIAL).create({ locale: 'en', data: { reviewer_name: 'Date checks', text: 'Superb.', rating: 5, order: 0, is_active: true } });
  documentId = created.documentId;
});

afterAll(async () => {
  await strapi.documents(TESTIMONIAL).delete({ documentId });
});

describe('the time of a scheduled publication', () => {
  it('refuses every impossible or malformed date with a 422 on `at`, storing nothing', async () => {
    const before = { list: await listed(), rows: await storedRows() };
    const cases: Array<[unknown, RegExp]> = [
      ['2031-02-31T09:00:00Z', /^"at" names a date that does not exist \(2031-02-31\): February 2031 has 28 days$/],
      ['2031-02-29T09:00:00Z', /February 2031 has 28 days/],
      ['2031-04-31T09:00:00+04:00', /April 2031 has 30 days/],
      ['2031-02-29', /ISO 8601 date and time with seconds and a UTC offset/],
      ['2031-04-31', /ISO 8601 date and time with seconds and a UTC offset/],
      ['2027-03-01T24:00:00Z', /time that does not exist \(24:00:00\)/],
      ['2027-03-01T09:60:00Z', /time that does not exist \(09:60:00\)/],
      ['2031-01-01T09:00', /has no UTC offset/],
      ['Jan 1 2031', /ISO 8601/],
      ['2031', /ISO 8601/],
      ['+275760-09-13T00:00:00Z', /ISO 8601/],
      [20310101, /ISO 8601/],
      [new Date(Date.now() - 60_000).toISOString(), /must be in the future/],
      [new Date(Date.now() + 800 * DAY_MS).toISOString(), /at most 730 days \(two years\) ahead/],
    ];
    for (const [at, message] of cases) {
      const res = await schedule(at);
      expect(res.status, JSON.stringify(at)).toBe(422);
      expect(res.body).toEqual({
        data: null,
        error: { status: 422, name: 'ValidationError', message: expect.stringMatching(message), details: { errors: { at: [res.body.error.message] } } },
      });
    }
    expect(await listed()).toEqual(before.list);
    expect(await storedRows()).toBe(before.rows);
  });

  it("answers in the shape of the route's other refusals", async () => {
    const [badAction, badDate] = [await schedule(new Date(Date.now() + DAY_MS).toISOString(), 'archive'), await schedule('2031-02-31T09:00:00Z')];
    expect(badAction.status).toBe(400);
    expect(Object.keys(badDate.body)).toEqual(Object.keys(badAction.body));
    expect(Object.keys(badDate.body.error)).toEqual(Object.keys(badAction.body.error));
  });

  it('takes a time with its offset as the moment it names', async () => {
    const tomorrow = Math.floor((Date.now() + DAY_MS) / 1000) * 1000;
    const created = await schedule(inDubai(tomorrow));
    expect(created.status).toBe(201);
    expect(created.body.data.run_at).toBe(new Date(tomorrow).toISOString());
    const cancelled = await (await http()).delete(`/publication-schedule/${created.body.data.id}`).set(await bearer());
    expect(cancelled.body.data.status).toBe('cancelled');
  });
});
