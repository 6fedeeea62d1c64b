/**
 * "Similar projects" on the project answer (decisions 125-127): the listing's cards in the request's
 * language, never the project itself, named in the answer's surrogate keys, the same bytes and ETag on
 * both paths and every request while the collection stays, and a project that left the feed gone from
 * the others' once a new collection is read.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { generatedData, getStrapi, http as agent } from '../helpers/app';
import { checked } from '../helpers/contract';
import { fastLaneAnswers } from '../helpers/lane-count';
import { get } from '../helpers/lane-parity';
import { REELLY_API_KEY, startFakeReelly } from '../../scripts/fakes/providers';

interface Card {
  id: string;
  community: string;
  state_id: string;
}

let strapi: Core.Strapi;
beforeAll(async () => {
  strapi = await getStrapi();
});

const project = async (id: string, query = '') => checked((await agent()).get(`/api/v1/off-plan/projects/${id}${query}`));

/** Every card of the listing in `locale`, by id. */
async function listingCards(locale = 'en'): Promise<Map<string, Card>> {
  const cards = new Map<string, Card>();
  for (let page = 1; ; page += 1) {
    const { body } = await checked((await agent()).get(`/api/v1/off-plan/projects?per_page=100&page=${page}&locale=${locale}`));
    for (const card of body.data.properties.data as Card[]) cards.set(card.id, card);
    if (page >= body.data.properties.total_pages) return cards;
  }
}

describe('similar projects on the sample collection', () => {
  it('ends the project answer with up to six cards of other projects, as the listing shows them', async () => {
    const cards = await listingCards();
    const { body } = await project('3010');
    expect(Object.keys(body.data).at(-1)).toBe('similar');
    const similar = body.data.similar as Card[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(6);
    expect(similar.map((card) => card.id)).not.toContain('3010');
    expect(new Set(similar.map((card) => card.id)).size).toBe(similar.length);
    for (const card of similar) expect(card).toEqual(cards.get(card.id));
    // The sample has other projects in 3010's community: they come first.
    const sameCommunity = [...cards.values()].filter((card) => card.id !== '3010' && card.state_id === body.data.state_id && card.community === body.data.community).length;
    expect(sameCommunity).toBeGreaterThan(0);
    expect(similar.slice(0, Math.min(6, sameCommunity)).every((card) => card.community === body.data.community)).toBe(true);
  });

  it('in Arabic with ?locale=ar: the Arabic listing cards of the same projects', async () => {
    const arabicCards = await listingCards('ar');
    const english = (await project('3010')).body.data.similar as Card[];
    const { body } = await project('3010', '?locale=ar');
    const arabic = body.data.similar as Card[];
    expect(arabic.map((card) => card.id)).toEqual(english.map((card) => card.id));
    for (const card of arabic) expect(card).toEqual(arabicCards.get(card.id));
    expect(arabic).not.toEqual(english);
  });

  it('names each similar project in the surrogate keys, and keeps its ETag and bytes on both paths', async () => {
    const first = await project('3010');
    const ids = (first.body.data.similar as Card[]).map((card) => card.id);
    expect(first.headers['surrogate-key']).toBe(['projects', 'project-3010', ...ids.map((id) => `project-${id}`)].join(' '));
    const second = await project('3010');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.text).toBe(first.text);

    // The same Strapi app without the fast lane in front: the same bytes and headers.
    const fullPath = http.createServer(strapi.server.app.callback());
    await new Promise<void>((resolve) => fullPath.listen(0, '127.0.0.1', resolve));
    try {
      const lanePort = (strapi.server.httpServer.address() as AddressInfo).port;
      for (const route of ['/api/v1/off-plan/projects/3010', '/api/v1/off-plan/projects/3010?locale=ar']) {
        await get(lanePort, route);
        const before = await fastLaneAnswers();
        const lane = await get(lanePort, route);
        expect(await fastLaneAnswers()).toBe(before + 1);
        const full = await get((fullPath.address() as AddressInfo).port, route);
        expect(lane.body).toBe(full.body);
        expect(lane.headers.etag).toBe(full.headers.etag);
        expect(lane.headers['surrogate-key']).toBe(full.headers['surrogate-key']);
      }
    } finally {
      await new Promise<void>((resolve) => fullPath.close(() => resolve()));
    }
  });
});

describe('a project that left the feed', () => {
  const projects = () => strapi.plugin('extsource').service('projects');
  const data = generatedData({ projects: 30, sales: 0, rentals: 0 }).projects;
  let reelly: Awaited<ReturnType<typeof startFakeReelly>>;
  let original: unknown;

  beforeAll(async () => {
    original = structuredClone(strapi.config.get('plugin::extsource'));
    reelly = await startFakeReelly();
    Object.assign(reelly.state, { projects: data.projects, projectsAr: data.projects_ar, developers: data.developers });
    strapi.config.set('plugin::extsource', { ...(original as object), projectsDriver: 'reelly', detailRate: 0, reelly: { baseUrl: reelly.url, apiKey: REELLY_API_KEY, maxPages: 10, pageSize: 100 } });
    projects().invalidate();
  });
  afterAll(async () => {
    strapi.config.set('plugin::extsource', original);
    projects().invalidate();
    await reelly.close();
  });

  it('is gone from the other projects\' similar cards once the new collection is read, and their ETag changes', async () => {
    const [shown] = [...(await listingCards()).keys()];
    const before = await project(shown);
    const left = (before.body.data.similar as Card[])[0].id;
    expect(before.headers['surrogate-key']).toContain(`project-${left}`);

    reelly.state.projects = data.projects.filter((entry) => String(entry.id) !== left);
    projects().invalidate();
    await projects().collection();
    const after = await project(shown);
    const ids = (after.body.data.similar as Card[]).map((card) => card.id);
    expect(ids).not.toContain(left);
    expect(ids.length).toBeGreaterThan(0);
    expect(after.headers['surrogate-key']).not.toContain(`project-${left}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    for (const id of (await listingCards()).keys()) expect(((await project(id)).body.data.similar as Card[]).map((card) => card.id), id).not.toContain(left);
  });
});
