/**
 * Every zoom's clusters of a layer's places, made in a thread of its own (cluster-thread.ts) that ends
 * with its answer: a build waits for them there instead of holding the visitors' thread for the 35 to
 * 80 ms supercluster takes (decision 237). Undefined where no thread could make them (the compiled
 * thread is missing, as when the sources run uncompiled, or it failed): the layer makes a zoom itself
 * when it is first asked for, as it would have.
 */
import fs from 'fs';
import path from 'path';
import { backgroundThread } from '../../plugins/extsource/server/src/public';
import type { ZoomLevel } from './cluster-levels';

const THREAD = path.join(__dirname, 'cluster-thread.js');
/** The thread's young generation: what it makes is a few typed arrays and a short-lived tree. */
const YOUNG_GENERATION_MB = 4;

export function zoomLevelsInThread(lng: Float64Array, lat: Float64Array): Promise<ZoomLevel[] | undefined> {
  if (!fs.existsSync(THREAD)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const worker = backgroundThread(THREAD, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    let answered = false;
    const end = (levels: ZoomLevel[] | undefined) => {
      if (answered) return;
      answered = true;
      void worker.terminate();
      resolve(levels);
    };
    worker.unref();
    worker.once('message', (levels: ZoomLevel[]) => end(levels));
    worker.on('error', () => end(undefined));
    worker.once('exit', () => end(undefined));
    worker.postMessage({ lng, lat });
  });
}
