/** The drivers the plugin has, by what a setting names them: checked at start, built in drivers/index.ts. */
export const LISTINGS_DRIVERS = ['sample', 'goyzer', 'pf-xml', 'bayut-xml'] as const;
export const PROJECTS_DRIVERS = ['sample', 'reelly'] as const;

export type ListingsDriverName = (typeof LISTINGS_DRIVERS)[number];
export type ProjectsDriverName = (typeof PROJECTS_DRIVERS)[number];

/** The names as a sentence ends them: "sample or goyzer". */
export const namesAsChoice = (names: readonly string[]): string => `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
