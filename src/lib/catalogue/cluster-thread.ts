/**
 * The thread a map layer's clusters are made in (clusters-in-thread.ts starts one per layer): the
 * places in, every zoom's clusters out, handed over; started behind the visitors' thread (decisions 237, 238).
 */
import { parentPort } from 'worker_threads';
import { buffersOf, zoomLevels } from './cluster-levels';

parentPort!.once('message', ({ lng, lat }: { lng: Float64Array; lat: Float64Array }) => {
  const levels = zoomLevels(lng, lat);
  parentPort!.postMessage(levels, buffersOf(levels));
});
