// What makes two starts of one build answer alike, for a recording (and nothing else): answers show the
// time of writes made during the start and the recording (the demo content's and a sync's timestamps, a
// sitemap's <lastmod>, a favourite's `favorited_at`) and ids Strapi draws at random (a document's
// `documentId`, which a composed page shows as its `id`). Installed in the app's process before anything
// is loaded: the clock stands still at one instant, and Math.random (from which @paralleldrive/cuid2 makes
// `documentId`s, with the clock) is a seeded generator. Timers and monotonic clocks (setTimeout,
// performance.now) run as usual.
'use strict';
const { seededRandom } = require('../lib/seeded-random');

/** A Date whose "now" is `instant`: `new Date()` and `Date.now()` give it; every other use is Date's own. */
function standStill(instant) {
  const RealDate = Date;
  class StillDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(instant);
      else super(...args);
    }
    static now() {
      return instant;
    }
    // Dates made by Node's own code (file times) are RealDates: they are still Dates.
    static [Symbol.hasInstance](value) {
      return value instanceof RealDate;
    }
  }
  globalThis.Date = StillDate;
}

/** Math.random as a seeded sequence (scripts/lib/seeded-random.js). */
function seedMathRandom(seed) {
  Math.random = seededRandom(seed);
}

/**
 * Media names the upload plugin makes end in five random bytes (`hero_3fa9c1d2e0.jpg`, from
 * crypto.randomBytes), and the demo content's images are uploaded on every fresh start: a suffix made
 * from the name alone keeps each file's name, and every media URL, the same.
 */
function steadyMediaNames(strapi) {
  const { createHash } = require('crypto');
  strapi.plugin('upload').service('image-manipulation').generateFileName = (name) => `${name}_${createHash('sha256').update(name).digest('hex').slice(0, 10)}`;
}

module.exports = { standStill, seedMathRandom, steadyMediaNames };
