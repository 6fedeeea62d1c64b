/**
 * Work asked of a reading thread and answered an ask at a time (the Goyzer answers' thread, the Reelly
 * details' thread): each ask numbered, its answer or error matched back by number, an error crossing as
 * provider-error.ts sends it; a thread that fails or stops fails every ask still waiting.
 * `answerAsks` is the thread's half; the reader starts the thread behind the visitors' (thread-priority.ts).
 */
import { parentPort, type Transferable, type Worker } from 'worker_threads';
import { receivedError, sentError, type SentError } from './provider-error';

/** An ask as it crosses to the thread, and its reply as it comes back. */
interface Asked<Q> {
  ask: number;
  question: Q;
}
type Answered<A> = { ask: number; answer: A } | { ask: number; error: SentError };

export interface AskedThread<Q, A> {
  ask(question: Q, transfer?: Transferable[]): Promise<A>;
  /** Stops the thread; asks still waiting fail. */
  end(): Promise<void>;
}

export interface ThreadHooks {
  /** A message that answers no ask (a request's metrics, say). */
  heard?(message: unknown): void;
  /** Every ask sent so far is answered. */
  idle?(): void;
  /** The thread failed or stopped: every ask waiting failed with `error`. */
  failed?(error: Error): void;
}

const isAnswer = (message: unknown): message is Answered<unknown> => typeof message === 'object' && message !== null && 'ask' in message;

/** The asking half of `worker`; `name` says which thread in errors ("the thread reading …"). */
export function askedThread<Q, A>(worker: Worker, name: string, hooks: ThreadHooks = {}): AskedThread<Q, A> {
  const waiting = new Map<number, { resolve(answer: A): void; reject(error: Error): void }>();
  let asked = 0;

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    hooks.failed?.(error);
  };
  worker.on('message', (message: unknown) => {
    if (!isAnswer(message)) return hooks.heard?.(message);
    const asker = waiting.get(message.ask);
    waiting.delete(message.ask);
    if ('answer' in message) asker?.resolve(message.answer as A);
    else asker?.reject(receivedError(message.error));
    if (waiting.size === 0) hooks.idle?.();
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`${name} stopped (exit code ${code})`)));

  return {
    ask(question, transfer) {
      const message: Asked<Q> = { ask: (asked += 1), question };
      return new Promise<A>((resolve, reject) => {
        waiting.set(message.ask, { resolve, reject });
        worker.postMessage(message, transfer);
      });
    },
    async end() {
      worker.removeAllListeners('exit');
      failAll(new Error(`${name} was ended`));
      await worker.terminate();
    },
  };
}

/** The thread's half: answers each ask with what `answer` returns, or with the error it threw. */
export function answerAsks<Q, A>(answer: (question: Q) => A | Promise<A>): void {
  const port = parentPort!;
  port.on('message', async ({ ask, question }: Asked<Q>) => {
    let reply: Answered<A>;
    try {
      reply = { ask, answer: await answer(question) };
    } catch (error) {
      reply = { ask, error: sentError(error) };
    }
    port.postMessage(reply);
  });
}
