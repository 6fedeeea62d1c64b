/**
 * What an instance builds before it listens (decision 175): its first visitors after a start find what
 * they read already in memory, instead of queueing behind a first fill that the first of them started.
 * Bounded: after `maxMs` the instance listens anyway and the steps go on, as a first read would run them.
 */
import { performance } from 'perf_hooks';
import { errorMessage } from './errors';

export interface WarmUpStep {
  /** What it builds, for the log ("the off-plan projects"). */
  name: string;
  run(): Promise<unknown>;
}

interface WarmUpLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Runs `steps` in order (a failed one is logged and built on its first read); resolves when all ended or after `maxMs`. */
export async function warmUp(steps: readonly WarmUpStep[], maxMs: number, log: WarmUpLog): Promise<void> {
  if (maxMs <= 0 || steps.length === 0) return;
  const startedAt = performance.now();
  let next = 0;
  const all = (async () => {
    for (; next < steps.length; next += 1) {
      const step = steps[next];
      try {
        await step.run();
      } catch (error) {
        log.warn(`warm-up: ${step.name} not built, built on its first read instead: ${errorMessage(error)}`);
      }
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<'overdue'>((resolve) => {
    timer = setTimeout(() => resolve('overdue'), maxMs);
  });
  const ended = await Promise.race([all.then(() => 'ended' as const), overdue]);
  clearTimeout(timer);
  const ms = Math.round(performance.now() - startedAt);
  if (ended === 'overdue') log.warn(`warm-up: listening after ${ms} ms with ${steps.slice(next).map(({ name }) => name).join(', ')} still under way`);
  else log.info(`warm-up: ${steps.map(({ name }) => name).join(', ')} in memory after ${ms} ms`);
}
