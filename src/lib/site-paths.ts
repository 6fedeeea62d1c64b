/**
 * STAND-IN for helper A's paths map (branch `slugs`, shared-interfaces.md item 1): the same signatures,
 * deleted when `slugs` is merged. Not configuration yet: CLIENT_URL and fixed paths.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

export type PageKind = 'luxury' | 'contact' | 'off-plan' | 'project' | 'developer' | 'emirate';

const PATHS: Record<PageKind, string> = {
  luxury: '/luxury',
  contact: '/contact',
  'off-plan': '/off-plan',
  project: '/off-plan/projects/:slug',
  developer: '/developers/:slug',
  emirate: '/off-plan/emirates/:state_id',
};

const base = () => (process.env.CLIENT_URL || 'http://localhost:3000').replace(/\/+$/, '');

export function pageUrl(kind: PageKind, locale: Locale, params: Readonly<Record<string, string>> = {}): string {
  const path = PATHS[kind].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return `${base()}${locale === DEFAULT_LOCALE ? '' : `/${locale}`}${path}`;
}

export function pageAlternates(kind: PageKind, params?: Readonly<Record<string, string>>): Readonly<Record<Locale | 'x-default', string>> {
  const urls = Object.fromEntries(LOCALES.map((locale) => [locale, pageUrl(kind, locale, params)])) as Record<Locale, string>;
  return { ...urls, 'x-default': urls[DEFAULT_LOCALE] };
}
