export const PLUGIN_ID = 'extsource';
