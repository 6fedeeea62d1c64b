/**
 * The thread Reelly project details are read in (reelly-detail-reader.ts starts it, one per feed
 * settings): both languages' requests, their parsing and the mapping, behind the visitors' thread. What
 * a read makes lives and is collected in this thread's heap; the visitors' thread receives the mapped
 * project alone.
 */
import { parentPort, workerData } from 'worker_threads';
import { mapReellyProject, type DeveloperDirectory } from '../mapping/reelly';
import { isRejected } from '../mapping/rejected';
import { ProviderError } from './provider-error';
import { reellyReader } from './reelly';
import type { DetailAsk, DetailTask, RequestMessage, ThreadDetail } from './reelly-detail-reader';
import { answerAsks } from './thread-asks';

const { settings, policy, defaults } = workerData as DetailTask;
const told = (message: RequestMessage) => parentPort!.postMessage(message);
const { readDetail } = reellyReader(settings, policy, defaults, (endpoint, outcome, seconds) => told({ endpoint, outcome, seconds }));
let directory: DeveloperDirectory | undefined;

async function read({ id, directory: changed }: DetailAsk): Promise<ThreadDetail> {
  if (changed !== undefined) directory = changed ?? undefined;
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

answerAsks(read);
