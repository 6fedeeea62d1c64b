/** Reading a buyer's JSON body field by field (pure): trimmed text or what is wrong with it. */
import type { FieldErrors } from '../../../lib/envelope';
import { isLongerThan } from '../../../lib/text-length';
import { hasUnstorableCharacters } from '../../../plugins/extsource/server/src/public';
import type { AccountMessages } from './account-messages';

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every failing rule by field, collected as a body is read. */
export class FieldReader {
  readonly errors: FieldErrors = {};

  constructor(
    private readonly body: Record<string, unknown>,
    private readonly messages: AccountMessages
  ) {}

  fail(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return this.body[field] !== undefined;
  }

  /** The field as trimmed text of at most `max` characters: null when null or blank, undefined when absent or wrong (reported). */
  text(field: string, max: number): string | null | undefined {
    const raw = this.body[field];
    if (raw === undefined) return undefined;
    if (raw === null) return null;
    if (typeof raw !== 'string') return void this.fail(field, this.messages.notText(field));
    if (hasUnstorableCharacters(raw)) return void this.fail(field, this.messages.unstorable(field));
    const text = raw.trim();
    if (isLongerThan(text, max)) return void this.fail(field, this.messages.tooLong(field, max));
    return text === '' ? null : text;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
