/**
 * The warm-up's steps (src/lib/warm-up.ts): run in order, a failed one logged and left to its first
 * read, and a step that reads what the others build left alone after one of them failed (decision 182).
 */
import { describe, expect, it } from 'vitest';
import { warmUp, type WarmUpStep } from '../../src/lib/warm-up';

function logged() {
  const lines: string[] = [];
  return { lines, log: { info: (line: string) => lines.push(`info ${line}`), warn: (line: string) => lines.push(`warn ${line}`) } };
}

const step = (name: string, ran: string[], fails = false, readsThoseBefore = false): WarmUpStep => ({
  name,
  readsThoseBefore,
  async run() {
    ran.push(name);
    if (fails) throw new Error(`${name} is unavailable`);
  },
});

describe('the warm-up', () => {
  it('runs every step in order, a reader of the others last, and names them all', async () => {
    const ran: string[] = [];
    const { lines, log } = logged();
    await warmUp([step('the projects', ran), step('the listings', ran), step('the lanes', ran, false, true)], 5000, log);
    expect(ran).toEqual(['the projects', 'the listings', 'the lanes']);
    expect(lines).toEqual([expect.stringMatching(/^info warm-up: the projects, the listings, the lanes in memory after \d+ ms$/)]);
  });

  it('leaves a reader of the others to the first visitors once one of them failed, and names only what it built', async () => {
    const ran: string[] = [];
    const { lines, log } = logged();
    await warmUp([step('the projects', ran, true), step('the listings', ran), step('the lanes', ran, false, true)], 5000, log);
    expect(ran).toEqual(['the projects', 'the listings']);
    expect(lines).toEqual([
      'warn warm-up: the projects not built, built on its first read instead: the projects is unavailable',
      'warn warm-up: the lanes left to the first visitors: a step before it was not built',
      expect.stringMatching(/^info warm-up: the listings in memory after \d+ ms$/),
    ]);
  });
});
