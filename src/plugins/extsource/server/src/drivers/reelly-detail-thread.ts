/**
 * The thread Reelly project details are read in (reelly-detail-reader.ts starts it, one per feed
 * settings): both languages' requests, their parsing and the mapping, behind the visitors' thread. What
 * a read makes lives and is collected in this thread's heap; the visitors' thread receives the mapped
 * project alone.
 */
import { parentPort, workerData } from 'worker_threads';
import { mapReellyProject, type DeveloperDirectory } from '../mapping/reelly';
import { isRejected } from '../mapping/rejected';
import { ProviderError, sentError } from './provider-error';
import { reellyReader } from './reelly';
import type { DetailAsk, DetailMessage, DetailTask, ThreadDetail } from './reelly-detail-reader';
import { runBehindVisitors } from './thread-priority';

const port = parentPort!;
const send = (message: DetailMessage) => port.postMessage(message);
const { settings, policy, defaults } = workerData as DetailTask;
const { readDetail } = reellyReader(settings, policy, defaults, (endpoint, outcome, seconds) => send({ kind: 'request', endpoint, outcome, seconds }));
let directory: DeveloperDirectory | undefined;

async function read(id: string): Promise<ThreadDetail> {
  try {
    // The Arabic read is a bonus: its failure leaves the detail in English (the visitors' thread keeps the Arabic held before).
    const [record, arabic] = await Promise.all([readDetail(id), readDetail(id, 'ar').catch(() => null)]);
    const mapped = mapReellyProject(record, defaults, directory, arabic ?? undefined);
    return { project: isRejected(mapped) ? null : mapped, arabicRead: arabic !== null };
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return { project: null, arabicRead: true };
    throw error;
  }
}

runBehindVisitors();
port.on('message', (ask: DetailAsk) => {
  if (ask.directory !== undefined) directory = ask.directory ?? undefined;
  read(ask.id).then(
    (detail) => send({ kind: 'detail', seq: ask.seq, detail }),
    (error: unknown) => send({ kind: 'failed', seq: ask.seq, error: sentError(error) })
  );
});
