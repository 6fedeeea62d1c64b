/**
 * A log that writes at most one line per kind of event per window, and tells on its next line how many
 * were left out, so a flood of bad requests costs a few lines of log instead of one per request.
 */
export type ThrottledLog = (kind: string, line: string) => void;

export function throttledLog(write: (line: string) => void, windowMs = 60_000, now: () => number = Date.now): ThrottledLog {
  const kinds = new Map<string, { quietUntil: number; leftOut: number }>();
  return (kind, line) => {
    const time = now();
    const seen = kinds.get(kind);
    if (seen && time < seen.quietUntil) {
      seen.leftOut += 1;
      return;
    }
    const leftOut = seen?.leftOut ? ` (${seen.leftOut} more like it since the last line)` : '';
    kinds.set(kind, { quietUntil: time + windowMs, leftOut: 0 });
    write(`${line}${leftOut}`);
  };
}
