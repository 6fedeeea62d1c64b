/**
 * Fresh request ids: random (version 4) UUIDs as crypto.randomUUID spells them, made from the same kind of
 * entropy. Node builds each of its UUIDs from twenty short strings joined one by one, some 600 bytes of
 * young garbage on every answer the fast lane sends; here a batch of ids is written as one string
 * and each id is a slice of it (one small object). A batch lives as long as any of its ids.
 */
import { randomFillSync } from 'crypto';

const BATCH = 128;
const UUID_LENGTH = 36;
const RANDOM_BYTES = 16;

const HEX = Buffer.from('0123456789abcdef');
const random = Buffer.alloc(BATCH * RANDOM_BYTES);
const text = Buffer.alloc(BATCH * UUID_LENGTH);

let batch = '';
let next = BATCH;

/** xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx for each 16 random bytes, as RFC 9562 lays out version 4. */
function newBatch(): string {
  randomFillSync(random);
  let at = 0;
  for (let id = 0; id < BATCH; id += 1) {
    const bytes = id * RANDOM_BYTES;
    for (let i = 0; i < RANDOM_BYTES; i += 1) {
      if (i === 4 || i === 6 || i === 8 || i === 10) text[at++] = 0x2d; // '-'
      let byte = random[bytes + i];
      if (i === 6) byte = (byte & 0x0f) | 0x40;
      else if (i === 8) byte = (byte & 0x3f) | 0x80;
      text[at++] = HEX[byte >> 4];
      text[at++] = HEX[byte & 0x0f];
    }
  }
  return text.toString('latin1');
}

/** A fresh random UUID. */
export function freshRequestId(): string {
  if (next === BATCH) {
    batch = newBatch();
    next = 0;
  }
  const at = next * UUID_LENGTH;
  next += 1;
  return batch.slice(at, at + UUID_LENGTH);
}
