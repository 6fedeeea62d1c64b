/**
 * The Content Manager configuration set in code, read back through the admin API the admin panel
 * itself uses: labels and hints, list columns, entry titles, sorting; and an admin's own change in
 * "Configure the view" surviving a restart (the layouts applied again).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, getStrapi, http } from '../helpers/app';
import { applyAdminLayouts } from '../../src/bootstrap/admin-layouts';
import { LUXURY_LAYOUTS } from '../../src/api/luxury/admin-layout';
import { LANGUAGE_NOTES, type AdminLayout } from '../../src/lib/admin-layout';

interface Configuration {
  settings: Record<string, unknown>;
  metadatas: Record<string, { edit: Record<string, unknown>; list: Record<string, unknown> }>;
  layouts: { list: string[]; edit: unknown };
}

let strapi: Core.Strapi;

beforeAll(async () => {
  strapi = await getStrapi();
});

async function viewConfiguration(uid: string): Promise<{ contentType: Configuration; components: Record<string, Configuration> }> {
  const res = await (await http()).get(`/content-manager/content-types/${uid}/configuration`).set('Authorization', `Bearer ${await adminToken()}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('Content Manager configuration from code', () => {
  it('labels and explains the fields of a section', async () => {
    const { contentType } = await viewConfiguration('api::luxury.luxury-hero');
    expect(contentType.metadatas.title.edit).toMatchObject({ label: 'Headline', description: expect.stringContaining('first screen') });
    expect(contentType.metadatas.cta_button_1_link.edit.label).toBe('First button: link');
    expect(contentType.metadatas.is_active.edit.label).toBe('Show on the website');
  });

  it('lists leads newest first with the useful columns, the source read-only', async () => {
    const { contentType } = await viewConfiguration('api::contact.contact');
    expect(contentType.layouts.list).toEqual(['first_name', 'last_name', 'email', 'enquiry_type', 'project_name', 'utm_campaign', 'desk', 'createdAt']);
    expect(contentType.settings).toMatchObject({ defaultSortBy: 'createdAt', defaultSortOrder: 'DESC', mainField: 'first_name' });
    expect(contentType.metadatas.method_of_contact.list.label).toBe('Found us via');
    expect([contentType.metadatas.enquiry_type.list.label, contentType.metadatas.project_name.list.label, contentType.metadatas.utm_campaign.list.label, contentType.metadatas.desk.list.label]).toEqual(['Type', 'Project', 'Campaign', 'Desk']);
    expect(contentType.metadatas.desk.edit.editable).toBe(false);
    expect(contentType.metadatas.createdAt.list.label).toBe('Received');
    expect(contentType.metadatas.contact_type.edit.editable).toBe(false);
  });

  it('lists the lead routing rules by priority', async () => {
    const { contentType } = await viewConfiguration('api::contact.lead-route');
    expect(contentType.layouts.list).toEqual(['priority', 'name', 'emirate', 'developer', 'enquiry_type', 'utm_campaign', 'desk', 'active']);
    expect(contentType.settings).toMatchObject({ defaultSortBy: 'priority', defaultSortOrder: 'ASC', mainField: 'name' });
  });

  it('lists testimonials by display order', async () => {
    const { contentType } = await viewConfiguration('api::luxury.luxury-testimonial');
    expect(contentType.layouts.list).toEqual(['reviewer_name', 'rating', 'order', 'is_active']);
    expect(contentType.settings).toMatchObject({ defaultSortBy: 'order', defaultSortOrder: 'ASC', mainField: 'reviewer_name' });
  });

  it('titles repeatable entries by their heading, question or name', async () => {
    const { components } = await viewConfiguration('api::off-plan.off-plan-page');
    expect(components['offplan.link-column'].settings.mainField).toBe('heading');
    expect(components['offplan.faq-item'].settings.mainField).toBe('question');
    expect(components['offplan.link-column'].metadatas.heading.edit.label).toBe('Column heading (for editors)');
    const contactPage = await viewConfiguration('api::contact.contact-page');
    expect(contactPage.components['contact.branch'].settings.mainField).toBe('title');
  });

  it("keeps an admin's change over a restart, while code still updates what nobody touched", async () => {
    const uid = 'api::luxury.luxury-trusted';
    const { contentType } = await viewConfiguration(uid);
    contentType.metadatas.year.edit.label = 'Founded in';
    const { settings, metadatas, layouts } = contentType;
    // As the admin panel sends it: the GET adds each relation's main field to its list metadata.
    for (const meta of Object.values(metadatas)) delete meta.list.mainField;
    const saved = await (await http())
      .put(`/content-manager/content-types/${uid}/configuration`)
      .set('Authorization', `Bearer ${await adminToken()}`)
      .send({ settings, metadatas, layouts });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const trusted = LUXURY_LAYOUTS.find((layout) => layout.uid === uid)!;
    const nextVersion: AdminLayout = { ...trusted, fields: { ...trusted.fields, title: { label: 'Opening words', hint: 'Before the year.' } } };
    await applyAdminLayouts(strapi, [nextVersion]);
    try {
      const after = (await viewConfiguration(uid)).contentType;
      expect(after.metadatas.year.edit.label).toBe('Founded in');
      expect(after.metadatas.title.edit).toMatchObject({ label: 'Opening words', description: `Before the year. ${LANGUAGE_NOTES.translated}` });
    } finally {
      await applyAdminLayouts(strapi, [trusted]);
    }
  });
});

describe('translated types in the Content Manager', () => {
  it('say on each field whether it is written per language or shared by both', async () => {
    const { contentType } = await viewConfiguration('api::luxury.luxury-hero');
    const hint = (field: string) => String(contentType.metadatas[field].edit.description);
    expect(hint('title').endsWith(LANGUAGE_NOTES.translated), hint('title')).toBe(true);
    expect(hint('background_image').endsWith(LANGUAGE_NOTES.shared), hint('background_image')).toBe(true);
    expect(contentType.metadatas.is_active.edit.description).toContain(LANGUAGE_NOTES.shared);
    const leads = (await viewConfiguration('api::contact.contact')).contentType;
    expect(leads.metadatas.email.edit.description).not.toContain(LANGUAGE_NOTES.shared);
  });
});

describe('what the Content Manager shows', () => {
  it('hides the technical types (sync runs, synced listings) and shows the editorial ones and the buyers (issue 33)', async () => {
    const res = await (await http()).get('/content-manager/init').set('Authorization', `Bearer ${await adminToken()}`);
    expect(res.status).toBe(200);
    const displayed = new Map((res.body.data.contentTypes as Array<{ uid: string; isDisplayed: boolean }>).map((type) => [type.uid, type.isDisplayed]));
    for (const uid of ['plugin::extsource.property', 'plugin::extsource.sync-run']) expect(displayed.get(uid), uid).toBe(false);
    for (const uid of ['plugin::users-permissions.user', 'api::account.favorite', 'api::account.saved-search', 'api::luxury.luxury-hero', 'api::luxury.luxury-testimonial', 'api::contact.contact', 'api::contact.contact-page', 'api::off-plan.off-plan-page']) {
      expect(displayed.get(uid), uid).toBe(true);
    }
  });
});
