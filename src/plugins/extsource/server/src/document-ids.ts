/**
 * Document ids for the rows a sync and the details' read-ahead write (decision 235). Strapi gives every
 * row of a content type a documentId, cuid2's by default, whose SHA-3 in JavaScript cost about 20 µs a
 * row and a tenth of a sync's writes on the visitors' thread. A synced listing is found by provider and
 * reference, a project's detail by driver and project id, and neither is opened as a document (both
 * types are hidden from the content manager); what they need of the id is that it is unique and of
 * Strapi's shape: 24 lowercase letters and digits, the first a letter.
 */
import { randomBytes } from 'crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** 32 symbols, so that five random bits pick one without bias. */
const SYMBOLS = 'abcdefghijklmnopqrstuvwxyz234567';
const LENGTH = 24;

/** `count` new document ids: a letter, then 23 symbols of 5 random bits each (115 bits). */
export function newDocumentIds(count: number): string[] {
  const bytes = randomBytes(count * LENGTH);
  return Array.from({ length: count }, (_, index) => {
    const at = index * LENGTH;
    let id = LETTERS[bytes[at] % LETTERS.length];
    for (let offset = 1; offset < LENGTH; offset += 1) id += SYMBOLS[bytes[at + offset] & 31];
    return id;
  });
}
