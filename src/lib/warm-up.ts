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
  /** It reads what the steps before it build: after one of them failed it would only wait on that failure again, so it is left to the first visitors. */
  readsThoseBefore?: boolean;
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
  const built: string[] = [];
  const all = (async () => {
    for (; next < steps.length; next += 1) {
      const step = steps[next];
      if (step.readsThoseBefore && built.length < next) {
        log.warn(`warm-up: ${step.name} left to the first visitors: a step before it was not built`);
        continue;
      }
      try {
        await step.run();
        built.push(step.name);
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
  else if (built.length > 0) log.info(`warm-up: ${built.join(', ')} in memory after ${ms} ms`);
}
