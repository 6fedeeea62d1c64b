import { describe, expect, it } from 'vitest';
import { newDocumentIds } from '../../src/plugins/extsource/server/src/document-ids';

describe("a synced listing's document id (decision 235)", () => {
  it("has Strapi's shape: 24 lowercase letters and digits, the first a letter", () => {
    for (const id of newDocumentIds(1000)) expect(id).toMatch(/^[a-z][a-z2-7]{23}$/);
  });

  it('is new every time: no two alike in 100,000, and every symbol used in every place', () => {
    const ids = Array.from({ length: 100 }, () => newDocumentIds(1000)).flat();
    expect(new Set(ids).size).toBe(ids.length);
    for (let place = 1; place < 24; place += 1) expect(new Set(ids.map((id) => id[place])).size).toBe(32);
    expect(new Set(ids.map((id) => id[0])).size).toBe(26);
  });
});
