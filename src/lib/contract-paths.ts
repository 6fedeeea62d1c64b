/** Paths whose responses follow our contract (decision 1); everything else stays Strapi's. */
export const CONTRACT_PREFIXES = ['/api/v1', '/api/extsource'] as const;

export function isContractPath(path: string): boolean {
  return CONTRACT_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Largest request body accepted under the contract paths (decision 12). */
export const CONTRACT_BODY_LIMIT_BYTES = 64 * 1024;
