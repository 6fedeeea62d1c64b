/**
 * Every value the admin accepts fits its column: Strapi stores a string-like attribute (string, email,
 * uid, enumeration, password, and a custom field of type string) in knex's `string`, VARCHAR(255) on
 * PostgreSQL, whatever its maxLength says. A longer maxLength there is a save that PostgreSQL refuses
 * with a 500 (SQLite, which does not enforce it, hides it); such a field is stored as text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_FIELDS, fieldUid } from '../../src/api/editor-fields/lib/fields';

const ROOT = path.resolve(__dirname, '../..');
const VARCHAR = 255;
const VARCHAR_TYPES = new Set(['string', 'email', 'uid', 'enumeration', 'password']);
const CUSTOM_TYPES = new Map<string, string>(Object.values(EDITOR_FIELDS).map((field) => [fieldUid(field), field.type]));

/** Every schema file of the app's types, components and the plugin's types. */
function schemaFiles(): string[] {
  const under = (dir: string, keep: (file: string) => boolean): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? under(full, keep) : keep(full) ? [full] : [];
    });
  return [
    ...under(path.join(ROOT, 'src/api'), (file) => file.endsWith('schema.json')),
    ...under(path.join(ROOT, 'src/components'), (file) => file.endsWith('.json')),
    ...under(path.join(ROOT, 'src/plugins/extsource/server/src/content-types'), (file) => file.endsWith('schema.json')),
  ];
}

type Attribute = { type: string; customField?: string; maxLength?: number };

const storedType = (attribute: Attribute) => (attribute.type === 'customField' ? CUSTOM_TYPES.get(attribute.customField ?? '') ?? 'unknown' : attribute.type);

describe('schema columns', () => {
  it('reads the schemas of every type and component', () => {
    expect(schemaFiles().length).toBeGreaterThan(30);
  });

  it('gives every string-like attribute a maxLength its VARCHAR(255) column holds', () => {
    const tooLong = schemaFiles().flatMap((file) => {
      const { attributes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { attributes: Record<string, Attribute> };
      return Object.entries(attributes)
        .filter(([, attribute]) => VARCHAR_TYPES.has(storedType(attribute)) && (attribute.maxLength ?? 0) > VARCHAR)
        .map(([name, attribute]) => `${path.relative(ROOT, file)}: ${name} (maxLength ${attribute.maxLength})`);
    });
    expect(tooLong).toEqual([]);
  });

  it('knows the stored type of every custom field a schema names', () => {
    const unknown = schemaFiles().flatMap((file) => {
      const { attributes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { attributes: Record<string, Attribute> };
      return Object.values(attributes).filter((attribute) => storedType(attribute) === 'unknown').map((attribute) => `${path.relative(ROOT, file)}: ${attribute.customField}`);
    });
    expect(unknown).toEqual([]);
  });
});
