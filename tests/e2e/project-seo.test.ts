/**
 * A project's SEO written by an editor in the admin (Off-plan project SEO, decisions 112 and 227): the
 * project picked by a few letters of its name, the entry titled by that name, the labelled fields of the
 * SEO component, published, and shown at once in the project's answer; hidden from search engines, the
 * project leaves the sitemap (decision 118). An entry whose project has left the feed says so and keeps it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { editorAccount, getStrapi, http } from '../helpers/app';
import { logInToAdmin, screenshot, useAdminBrowser } from '../helpers/browser';

const session = useAdminBrowser();
const PROJECT_SEO = 'api::off-plan.project-seo';
const TITLE = 'Waterfront homes with a marina view';
const DESCRIPTION = 'Reserve a waterfront home with a 60/40 payment plan and handover in 2027.';

let strapi: Core.Strapi;
let projectId: string;
let projectName: string;

/** The sitemap's projects part as the website's crawlers read it. */
async function projectsSitemap(): Promise<string> {
  const res = await (await http()).get('/api/v1/sitemaps/projects-1.xml').buffer(true).parse((response, done) => {
    let xml = '';
    response.on('data', (chunk: Buffer) => (xml += chunk.toString('utf8')));
    response.on('end', () => done(null, xml));
  });
  expect(res.status).toBe(200);
  return res.body as string;
}

async function projectSeo(): Promise<Record<string, unknown>> {
  const res = await (await http()).get(`/api/v1/off-plan/projects/${projectId}`);
  expect(res.status).toBe(200);
  return res.body.data.seo;
}

beforeAll(async () => {
  strapi = await getStrapi();
  const listing = await (await http()).get('/api/v1/off-plan/projects?per_page=1');
  ({ id: projectId, name: projectName } = listing.body.data.properties.data[0]);
});

afterAll(async () => {
  for (const entry of await strapi.documents(PROJECT_SEO).findMany({ locale: '*' } as never)) await strapi.documents(PROJECT_SEO).delete({ documentId: entry.documentId, locale: '*' } as never);
});

describe("a project's SEO in the admin", () => {
  it('is written in labelled fields, published, and shown in the project answer', async () => {
    const { page, base } = session;
    const derived = await projectSeo();
    expect(derived.meta_title).not.toBe(TITLE);

    await logInToAdmin(page, base, await editorAccount());
    await page.goto(`${base}/admin/content-manager/collection-types/${PROJECT_SEO}/create`);
    // A few letters of its name: all of it but the end of its last word.
    await page.getByRole('combobox', { name: 'Project' }).pressSequentially(projectName.slice(0, -2));
    await page.getByRole('option').filter({ has: page.getByText(projectName, { exact: true }) }).first().click();
    await page.getByText('One entry per project').waitFor();
    await page.getByRole('button', { name: /No entry yet/i }).click();
    await page.getByLabel('Title for search engines').fill(TITLE);
    await page.getByLabel('Description for search engines').fill(DESCRIPTION);
    await page.getByLabel('Keywords').fill('marina view, waterfront');
    await page.getByText('Hide from search engines').waitFor();
    await page.getByText('Link preview image').waitFor();
    await screenshot(page, '18-project-seo');

    // A saved draft shows nothing.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved/).first().waitFor();
    expect((await projectSeo()).meta_title).toBe(derived.meta_title);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/Published/).first().waitFor();
    await expect.poll(projectSeo).toEqual({ ...derived, meta_title: TITLE, meta_description: DESCRIPTION, keywords: ['marina view', 'waterfront'] });
    // The picker stored the project's id; the entry is titled by its name, from the feed.
    const entry = await strapi.documents(PROJECT_SEO).findFirst({ filters: { project_id: projectId } } as never);
    expect((entry as { project_name?: string }).project_name).toBe(projectName);
    await page.getByRole('heading', { name: projectName, level: 1 }).waitFor();
  });

  it('hidden from search engines, leaves the sitemap', async () => {
    const { page } = session;
    const pageUrl = String((await (await http()).get(`/api/v1/off-plan/projects/${projectId}`)).body.data.canonical_url);
    expect(await projectsSitemap()).toContain(`<loc>${pageUrl}</loc>`);

    await page.getByRole('checkbox', { name: 'Hide from search engines' }).check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(/Published/).first().waitFor();
    await expect.poll(async () => (await projectSeo()).noindex).toBe(true);
    await expect.poll(projectsSitemap).not.toContain(`<loc>${pageUrl}</loc>`);
  });

  it('says plainly when its project is no longer in the feed, and keeps it', async () => {
    const { page, base } = session;
    const gone = (await strapi.documents(PROJECT_SEO).create({ data: { project_id: '99999999', project_name: 'Harbour Lights' } } as never)) as { documentId: string };
    await page.goto(`${base}/admin/content-manager/collection-types/${PROJECT_SEO}/${gone.documentId}`);
    await page.getByTestId('picker-gone').filter({ hasText: '99999999 is no longer in the feed' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Project' }).inputValue()).toBe('99999999');
    await page.getByRole('heading', { name: 'Harbour Lights', level: 1 }).waitFor();
  });
});
