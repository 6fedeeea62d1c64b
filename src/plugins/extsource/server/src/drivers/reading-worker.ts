/**
 * The reading thread (reading-thread.ts starts it): a task in, its result out, and what it tells
 * meanwhile (progress, and each provider request for the host's metrics) as events. What reading makes
 * (the answers' text, their parsed trees) lives and is collected in this thread's heap, never in the one
 * whose collections hold visitors' requests.
 */
import { parentPort } from 'worker_threads';
import { readUnitsPage, type UnitsRequest } from './goyzer-units';
import { ProviderError } from './provider-error';
import type { Developer } from '../mapping/types';
import { reellyFeed, rememberDevelopers, type ReellySpec } from './reelly-feed';

export type ReadingTask =
  | { kind: 'goyzer-page'; bytes: Uint8Array; request: UnitsRequest }
  /** `known`: the developers the caller holds, used should the developer feed fail now. */
  | { kind: 'reelly-catalogue'; spec: ReellySpec; known?: Developer[] };

export type ReadingEvent = { progress: number } | { observe: [endpoint: string, outcome: string, seconds: number] };

/** The task's result, what it told meanwhile, or why it failed (`provider`: a ProviderError, with its status). */
export type ReadingReply =
  | { id: number; result: unknown }
  | { id: number; event: ReadingEvent }
  | { id: number; error: string; provider: boolean; status?: number };

const decoder = new TextDecoder();
const port = parentPort!;

async function perform(task: ReadingTask, tell: (event: ReadingEvent) => void): Promise<unknown> {
  switch (task.kind) {
    case 'goyzer-page':
      return readUnitsPage(decoder.decode(task.bytes), task.request);
    case 'reelly-catalogue': {
      const { spec, known } = task;
      if (known) rememberDevelopers(spec.settings.baseUrl, known, spec.defaults.developersTtlSeconds);
      return reellyFeed(spec, (...observe) => tell({ observe })).readCatalogue((progress) => tell({ progress }));
    }
  }
}

port.on('message', async ({ id, task }: { id: number; task: ReadingTask }) => {
  let reply: ReadingReply;
  try {
    reply = { id, result: await perform(task, (event) => port.postMessage({ id, event } satisfies ReadingReply)) };
  } catch (error) {
    const provider = error instanceof ProviderError;
    reply = { id, error: error instanceof Error ? error.message : String(error), provider, status: provider ? error.status : undefined };
  }
  port.postMessage(reply);
});
