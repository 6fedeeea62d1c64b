import { describe, expect, it } from 'vitest';
import { throttledLog } from '../../src/lib/throttled-log';

describe('throttledLog', () => {
  it('writes one line per kind per window, then says how many it left out', () => {
    const lines: string[] = [];
    let time = 0;
    const log = throttledLog((line) => lines.push(line), 1000, () => time);
    for (let i = 0; i < 50; i += 1) log('a', 'kind a');
    log('b', 'kind b');
    time = 1500;
    log('a', 'kind a again');
    expect(lines).toEqual(['kind a', 'kind b', 'kind a again (49 more like it since the last line)']);
  });
});
