/**
 * Reads Reelly project details in a thread of its own (reelly-detail-thread.ts, decision 186). A
 * detail's two requests, their parsing and its mapping were about three quarters of what a read-ahead
 * cost the visitors' thread; that thread now only asks, and takes in the mapped project. One thread per
 * feed settings, kept while reads come and ended once none came for `IDLE_MS`; while no read waits, it
 * does not keep the process alive.
 */
import path from 'path';
import type { Worker } from 'worker_threads';
import type { DeveloperDirectory } from '../mapping/reelly';
import type { NormalisedProject } from '../mapping/types';
import type { RequestObserver, RetryPolicy } from './http';
import type { ReellyDefaults, ReellySettings } from './reelly';
import { askedThread, type AskedThread } from './thread-asks';
import { backgroundThread } from './thread-priority';

/** How long a thread waits for its next read before it ends: a read-ahead keeps it, a lone visitor's read starts one. */
const IDLE_MS = 30_000;

/** As the catalogue's thread (decision 184): what a detail's read makes is garbage once it is mapped. */
const YOUNG_GENERATION_MB = 8;

/** What a thread is started with: plain data, copied to it. */
export interface DetailTask {
  settings: ReellySettings;
  policy: RetryPolicy;
  defaults: ReellyDefaults;
}

/** A detail as the thread read it: the project (null when the provider does not know it, or the mapping rejected it), and whether its Arabic half was read. */
export interface ThreadDetail {
  project: NormalisedProject | null;
  arabicRead: boolean;
}

/** One read asked of the thread, with the developer directory when it changed since the last ask (null: none). */
export interface DetailAsk {
  id: string;
  directory?: DeveloperDirectory | null;
}

/** What the thread tells besides its answers: each request as it happens (metrics). */
export interface RequestMessage {
  endpoint: string;
  outcome: string;
  seconds: number;
}

const NOT_SENT = Symbol('not sent');

class DetailThread {
  private readonly worker: Worker;
  private readonly thread: AskedThread<DetailAsk, ThreadDetail>;
  private directory: DeveloperDirectory | undefined | typeof NOT_SENT = NOT_SENT;
  private idle: NodeJS.Timeout | undefined;
  private observe: RequestObserver | undefined;

  constructor(task: DetailTask, forget: (thread: DetailThread) => void) {
    this.worker = backgroundThread(path.join(__dirname, 'reelly-detail-thread.js'), { workerData: task, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.thread = askedThread(this.worker, 'the thread reading Reelly project details', {
      heard: (message) => {
        const { endpoint, outcome, seconds } = message as RequestMessage;
        this.observe?.(endpoint, outcome, seconds);
      },
      idle: () => this.rest(),
      failed: () => forget(this),
    });
  }

  read(id: string, directory: DeveloperDirectory | undefined, observe: RequestObserver | undefined): Promise<ThreadDetail> {
    clearTimeout(this.idle);
    this.worker.ref();
    this.observe = observe;
    const ask: DetailAsk = { id };
    // A directory is sent once per change, not with every read: it is copied to the thread.
    if (directory !== this.directory) {
      ask.directory = directory ?? null;
      this.directory = directory;
    }
    return this.thread.ask(ask);
  }

  /** Ends the thread; reads still waiting fail. */
  async end(): Promise<void> {
    clearTimeout(this.idle);
    await this.thread.end();
  }

  /** Idle, as a socket kept alive between requests: the process may end meanwhile, and the thread ends after IDLE_MS. */
  private rest(): void {
    this.worker.unref();
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.end(), IDLE_MS).unref();
  }
}

/** The thread of each feed's settings. */
const threads = new Map<string, DetailThread>();

/** Reads the detail of project `id` in the thread of `task`'s feed, started now if there is none. */
export function readDetailInThread(task: DetailTask, id: string, directory: DeveloperDirectory | undefined, observe?: RequestObserver): Promise<ThreadDetail> {
  const key = JSON.stringify(task);
  let thread = threads.get(key);
  if (!thread) {
    thread = new DetailThread(task, (ended) => threads.get(key) === ended && threads.delete(key));
    threads.set(key, thread);
  }
  return thread.read(id, directory, observe);
}

/** Ends every detail thread (the plugin's stop). */
export async function endDetailThreads(): Promise<void> {
  await Promise.all([...threads.values()].map((thread) => thread.end()));
}
