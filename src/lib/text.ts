/**
 * Characters no visitor's text contains and a database cannot keep as sent: NUL (PostgreSQL refuses it
 * in text; SQLite would keep it) and a UTF-16 surrogate without its pair (not a character at all;
 * encoded for storage it comes back altered). Decision: text carrying them is refused with a 422 on
 * its field, on every database, rather than cleaned into something the client did not send.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}
