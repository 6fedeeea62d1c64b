// One seeded random generator for every script and test that must draw the same sequence each run (the
// sample data, the demo images, the answer corpus's requests). mulberry32: 32 bits of state, a few lines;
// no package is needed for what only has to be deterministic, not good.
'use strict';

/** A generator of numbers in [0, 1), the same sequence for the same seed. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

module.exports = { seededRandom };
