/**
 * A thread for reading providers' answers (reading-worker.ts), opened for one piece of work and closed
 * after it: Goyzer's pages of units (decision 176) and Reelly's project collection (decision 177).
 * Reading an answer (parsing it, mapping its records) makes text and trees that are garbage the moment
 * the records are mapped; on the visitors' thread they were most of a sync's CPU and the allocation that
 * brought on its full collections. Only the mapped records come back.
 */
import path from 'path';
import { Worker } from 'worker_threads';
import { ProviderError } from './provider-error';
import type { ReadingEvent, ReadingReply, ReadingTask } from './reading-worker';

/** The reading thread's young generation: what it makes is short-lived (V8's default grows to 32 MB and more). */
const YOUNG_GENERATION_MB = 4;

export interface ReadingThread {
  /** Runs `task` there (the buffers in `transfer` are handed over, not copied); `onEvent` hears what it tells meanwhile. */
  call<T>(task: ReadingTask, transfer?: ArrayBuffer[], onEvent?: (event: ReadingEvent) => void): Promise<T>;
  close(): Promise<void>;
}

interface Waiting {
  resolve: (result: never) => void;
  reject: (error: Error) => void;
  onEvent?: (event: ReadingEvent) => void;
}

/** `bytes` in a buffer of their own, which a transfer may take (Node pools small buffers). */
export function transferable(bytes: Buffer): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

export function openReadingThread(): ReadingThread {
  const worker = new Worker(path.join(__dirname, 'reading-worker.js'), { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const waiting = new Map<number, Waiting>();
  let nextId = 0;
  let failure: Error | undefined;

  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: ReadingReply) => {
    const task = waiting.get(reply.id);
    if (!task) return;
    if ('event' in reply) return task.onEvent?.(reply.event);
    waiting.delete(reply.id);
    if ('result' in reply) task.resolve(reply.result as never);
    else task.reject(reply.provider ? new ProviderError(reply.error, reply.status) : new Error(reply.error));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the thread reading the provider's answers stopped (exit code ${code})`)));

  return {
    call<T>(task: ReadingTask, transfer: ArrayBuffer[] = [], onEvent?: (event: ReadingEvent) => void) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (result: never) => void, reject, onEvent });
        worker.postMessage({ id, task }, transfer);
      });
    },
    async close() {
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
  };
}

/** `work` with a reading thread open for as long as it runs. */
export async function withReadingThread<T>(work: (thread: ReadingThread) => Promise<T>): Promise<T> {
  const thread = openReadingThread();
  try {
    return await work(thread);
  } finally {
    await thread.close();
  }
}
