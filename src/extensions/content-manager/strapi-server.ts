/**
 * The Preview panel's URL route gets `global::may-preview` (decision 83): Strapi 5.54 gives a preview
 * URL to any admin. Strapi applies this file to the plugin at load time (src/extensions/<plugin>/strapi-server).
 */
interface Route {
  handler: string;
  config?: { policies?: unknown[] };
}

interface PluginDefinition {
  routes: Record<string, { routes: Route[] }>;
}

const PREVIEW_URL_HANDLER = 'preview.getPreviewUrl';

export default (plugin: PluginDefinition): PluginDefinition => {
  const route = Object.values(plugin.routes)
    .flatMap((router) => router.routes)
    .find((candidate) => candidate.handler === PREVIEW_URL_HANDLER);
  // A Strapi that renamed the route would give every admin a preview URL: refuse to start instead.
  if (!route) throw new Error(`content-manager: no route with the handler ${PREVIEW_URL_HANDLER} to guard (check src/extensions/content-manager after an upgrade)`);
  route.config = { ...route.config, policies: [...(route.config?.policies ?? []), 'global::may-preview'] };
  return plugin;
};
