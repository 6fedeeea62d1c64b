import fs from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { layoutValues, planLayout, type AdminLayout, type ViewConfiguration } from '../../src/lib/admin-layout';
import { ACCOUNT_LAYOUTS } from '../../src/api/account/admin-layout';
import { CONTACT_LAYOUTS } from '../../src/api/contact/admin-layout';
import { LUXURY_LAYOUTS } from '../../src/api/luxury/admin-layout';
import { OFF_PLAN_LAYOUTS } from '../../src/api/off-plan/admin-layout';
import { SITEMAP_LAYOUTS } from '../../src/api/sitemap/admin-layout';
import { PAGES_LAYOUTS } from '../../src/api/pages/admin-layout';

/** The layouts of the app's own types (a plugin's type, such as the buyers' User, is checked on a running app). */
const LAYOUTS = [...LUXURY_LAYOUTS, ...CONTACT_LAYOUTS, ...OFF_PLAN_LAYOUTS, ...ACCOUNT_LAYOUTS, ...SITEMAP_LAYOUTS, ...PAGES_LAYOUTS].filter((layout) => !layout.uid.startsWith('plugin::'));
const root = path.resolve(__dirname, '..', '..');
const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt'];

interface Schema {
  info: { displayName: string; description?: string };
  attributes: Record<string, unknown>;
  pluginOptions?: { 'content-manager'?: { visible?: boolean } };
}

/** Every editorial schema of the app: the api content types editors see, and the components. */
function editorialSchemas(): Map<string, Schema> {
  const schemas = new Map<string, Schema>();
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Schema;
  const apiDir = path.join(root, 'src', 'api');
  for (const api of fs.readdirSync(apiDir)) {
    const typesDir = path.join(apiDir, api, 'content-types');
    if (!fs.existsSync(typesDir)) continue;
    for (const type of fs.readdirSync(typesDir)) {
      const schema = read(path.join(typesDir, type, 'schema.json'));
      // Written by the website, not by editors (a buyer's favourites): not in the Content Manager.
      if (schema.pluginOptions?.['content-manager']?.visible !== false) schemas.set(`api::${api}.${type}`, schema);
    }
  }
  const componentsDir = path.join(root, 'src', 'components');
  for (const category of fs.readdirSync(componentsDir)) {
    for (const file of fs.readdirSync(path.join(componentsDir, category))) {
      schemas.set(`${category}.${path.basename(file, '.json')}`, read(path.join(componentsDir, category, file)));
    }
  }
  return schemas;
}

const schemas = editorialSchemas();

describe('the admin layout tables', () => {
  it('cover every editorial content type and component, each with a display name and a description', () => {
    expect(LAYOUTS.map((layout) => layout.uid).sort()).toEqual([...schemas.keys()].sort());
    for (const [uid, schema] of schemas) {
      expect(schema.info.displayName, uid).not.toMatch(/^[a-z_-]+$/);
      expect(schema.info.description?.length ?? 0, uid).toBeGreaterThan(10);
    }
  });

  it.each(LAYOUTS.map((layout) => [layout.uid, layout] as const))('%s: every field has a human label, and every name used exists', (uid, layout) => {
    const attributes = Object.keys(schemas.get(uid)!.attributes);
    for (const field of attributes) {
      expect(layout.fields[field]?.label, `${uid}.${field}`).toBeTruthy();
      expect(layout.fields[field].label).not.toBe(field);
    }
    const known = [...attributes, ...SYSTEM_FIELDS];
    for (const name of [...Object.keys(layout.fields), ...(layout.columns ?? []), layout.entryTitle, layout.sort?.by]) {
      if (name !== undefined) expect(known, `${uid}: ${name}`).toContain(name);
    }
  });

  it('give every repeatable component an entry title', () => {
    for (const layout of LAYOUTS.filter((item) => item.kind === 'component')) expect(layout.entryTitle, layout.uid).toBeTruthy();
  });
});

const configuration = (): ViewConfiguration => ({
  settings: { mainField: 'id', defaultSortBy: 'id', defaultSortOrder: 'ASC', pageSize: 10 },
  metadatas: {
    title: { edit: { label: 'title', description: '', placeholder: '', editable: true, visible: true }, list: { label: 'title', sortable: true } },
    year: { edit: { label: 'year', description: '', placeholder: '', editable: true, visible: true }, list: { label: 'year', sortable: true } },
  },
  layouts: { list: ['id', 'title', 'year'], edit: [] },
});

const table = (titleLabel: string): AdminLayout => ({
  uid: 'api::test.thing',
  kind: 'contentType',
  fields: { title: { label: titleLabel, hint: 'Shown first.', column: 'Title' }, year: { label: 'Year', editable: false } },
  entryTitle: 'title',
  columns: ['title', 'year'],
  sort: { by: 'year', order: 'DESC' },
});

describe('planLayout', () => {
  it('on first start sets every value of the table and remembers them', () => {
    const plan = planLayout(configuration(), layoutValues(table('Headline')), undefined);
    expect(plan.changed).toBe(true);
    expect(plan.configuration.metadatas.title.edit).toMatchObject({ label: 'Headline', description: 'Shown first.' });
    expect(plan.configuration.metadatas.title.list.label).toBe('Title');
    expect(plan.configuration.metadatas.year.edit.editable).toBe(false);
    expect(plan.configuration.settings).toMatchObject({ mainField: 'title', defaultSortBy: 'year', defaultSortOrder: 'DESC', pageSize: 10 });
    expect(plan.configuration.layouts.list).toEqual(['title', 'year']);
    expect(plan.applied).toEqual(layoutValues(table('Headline')));
  });

  it('does not modify the configuration it is given', () => {
    const current = configuration();
    planLayout(current, layoutValues(table('Headline')), undefined);
    expect(current).toEqual(configuration());
  });

  it('keeps what an admin changed, and still updates what code set and nobody touched', () => {
    const first = planLayout(configuration(), layoutValues(table('Headline')), undefined);
    const edited = structuredClone(first.configuration);
    edited.metadatas.title.edit.description = 'Our own hint';
    edited.layouts.list = ['year', 'title'];

    const next = planLayout(edited, layoutValues(table('Main headline')), first.applied);
    expect(next.configuration.metadatas.title.edit).toMatchObject({ label: 'Main headline', description: 'Our own hint' });
    expect(next.configuration.layouts.list).toEqual(['year', 'title']);
    expect(next.applied['metadatas.title.edit.description']).toBe('Shown first.');
  });

  it('changes nothing on a restart with the same table', () => {
    const first = planLayout(configuration(), layoutValues(table('Headline')), undefined);
    const again = planLayout(first.configuration, layoutValues(table('Headline')), first.applied);
    expect(again.changed).toBe(false);
    expect(again.applied).toEqual(first.applied);
  });

  it('labels a field added later, without touching the rest', () => {
    const first = planLayout(configuration(), layoutValues(table('Headline')), undefined);
    const withNewField = structuredClone(first.configuration);
    withNewField.metadatas.title.edit.label = 'Admin title';
    withNewField.metadatas.city = { edit: { label: 'city', description: '' }, list: { label: 'city' } };
    const grown: AdminLayout = { ...table('Headline'), fields: { ...table('Headline').fields, city: { label: 'City', hint: 'Where it is.' } } };

    const next = planLayout(withNewField, layoutValues(grown), first.applied);
    expect(next.configuration.metadatas.city.edit).toMatchObject({ label: 'City', description: 'Where it is.' });
    expect(next.configuration.metadatas.title.edit.label).toBe('Admin title');
  });

  it('on a database configured before any table, replaces only what Strapi generated', () => {
    const customised = configuration();
    customised.metadatas.year.edit.label = 'Founded';
    const plan = planLayout(customised, layoutValues(table('Headline')), undefined);
    expect(plan.configuration.metadatas.year.edit.label).toBe('Founded');
    expect(plan.configuration.metadatas.title.edit.label).toBe('Headline');
    expect(plan.applied).not.toHaveProperty(['metadatas.year.edit.label']);
  });
});
