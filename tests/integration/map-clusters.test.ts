/**
 * A map layer's clusters made in a thread (decision 237) are the ones made in place: the compiled layer
 * asks the compiled thread, and every zoom of the same places reads the same.
 */
import { createRequire } from 'module';
import path from 'path';
import { describe, expect, it } from 'vitest';
import type * as Layers from '../../src/lib/catalogue/map-layer';
import type * as Levels from '../../src/lib/catalogue/cluster-levels';
import type * as InThread from '../../src/lib/catalogue/clusters-in-thread';

const requireCjs = createRequire(__filename);
const compiled = (file: string) => requireCjs(path.resolve(__dirname, '../../dist/src/lib/catalogue', file));
const { MapLayer } = compiled('map-layer.js') as typeof Layers;
const { zoomLevels } = compiled('cluster-levels.js') as typeof Levels;
const { zoomLevelsInThread } = compiled('clusters-in-thread.js') as typeof InThread;

/** `count` places over Dubai from a fixed seed, every tenth on the spot of the one before (a tower's units). */
function places(count: number): { lng: Float64Array; lat: Float64Array } {
  let seed = 67;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const lng = new Float64Array(count);
  const lat = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const same = i % 10 === 9;
    lng[i] = same ? lng[i - 1] : 55 + next() * 0.6;
    lat[i] = same ? lat[i - 1] : 24.9 + next() * 0.4;
  }
  return { lng, lat };
}

const BBOXES: Array<[number, number, number, number]> = [[54, 24, 57, 26], [55.1, 25.0, 55.3, 25.2]];

describe('map clusters made in a thread', () => {
  it('makes every zoom as supercluster makes it in place', async () => {
    const { lng, lat } = places(3000);
    const made = await zoomLevelsInThread(lng, lat);
    expect(made).toHaveLength(17);
    expect(made).toEqual(zoomLevels(lng, lat));
  });

  it('gives a layer the views of one clustered in place, without clustering it again', async () => {
    const { lng, lat } = places(3000);
    const members = Int32Array.from(lng, (_, member) => 3 * member + 1);
    const threaded = new MapLayer(members, lng, lat);
    threaded.clusteredElsewhere().elsewhere();
    await threaded.clustered();
    const inPlace = new MapLayer(members, lng, lat);
    for (let zoom = 0; zoom <= 20; zoom += 1) {
      for (const bbox of BBOXES) expect(threaded.view(bbox, zoom)).toEqual(inPlace.view(bbox, zoom));
    }
    // The views above were the thread's: the layer never made supercluster's index itself.
    expect((threaded as unknown as { clusters: unknown }).clusters).toBeUndefined();
    expect((inPlace as unknown as { clusters: unknown }).clusters).toBeDefined();
  });
});
