/**
 * Samples the event loop's delay for `nodejs_eventloop_delay_seconds` (a histogram, which Prometheus can
 * add up over instances and windows, unlike the percentile gauges of prom-client's default metrics).
 *
 * A timer drift sampler rather than perf_hooks.monitorEventLoopDelay: that one's samples cannot be put
 * into buckets without guessing from its percentiles, a read-and-reset loses a stall spanning the reset,
 * and it counts a stall of any length as one sample.
 */

/** 10 ticks a second: about the CPU of Node's own 10 ms monitor (measured, 0.15% of a core idle); a JS tick costs more than a native one. */
export const LOOP_DELAY_INTERVAL_MS = 100;

/** A stall over a minute (a suspended process) is counted as one minute long: it is above the top bucket either way. */
const MAX_MISSED_TICKS = 600;

/**
 * The delay of a tick that came `delayMs` late, and of the ticks that were due during that delay and
 * could not run: each saw one interval less of it. So a stall weighs as long as it lasted, and the
 * histogram says how long a request arriving at any moment waited for the loop (a stall shorter than
 * the interval is caught as often as a random moment falls in it).
 */
export function recordDelay(delayMs: number, intervalMs: number, observe: (seconds: number) => void): void {
  observe(Math.max(0, delayMs) / 1000);
  let missed = delayMs - intervalMs;
  for (let count = 0; missed > 0 && count < MAX_MISSED_TICKS; count += 1, missed -= intervalMs) observe(missed / 1000);
}

export class LoopDelaySampler {
  private timer: NodeJS.Timeout | undefined;
  private last = 0;

  constructor(private readonly observe: (seconds: number) => void, private readonly intervalMs = LOOP_DELAY_INTERVAL_MS) {}

  start(): void {
    if (this.timer) return;
    this.last = performance.now();
    // Unref'd: the sampler never keeps a process alive that has nothing else to do.
    this.timer = setInterval(() => this.tick(), this.intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const now = performance.now();
    recordDelay(now - this.last - this.intervalMs, this.intervalMs, this.observe);
    this.last = now;
  }
}
