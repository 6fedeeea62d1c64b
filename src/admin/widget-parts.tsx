/** What the home page's summary widgets share: one figure with its label, and their summary's read. */
import { useEffect, useState } from 'react';
import { Flex, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';

export function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Flex direction="column" alignItems="flex-start" flex="1">
      <Typography variant="alpha" data-testid={testId}>{value}</Typography>
      <Typography variant="pi" textColor="neutral600">{label}</Typography>
    </Flex>
  );
}

/** The `data` of GET `path` once read; `failed` when it could not be. Read again only when `params` say something else. */
export function useSummary<T>(path: string, params?: Record<string, string>): { summary?: T; failed: boolean } {
  const { get } = useFetchClient();
  const [summary, setSummary] = useState<T>();
  const [failed, setFailed] = useState(false);
  const query = JSON.stringify(params ?? {});

  useEffect(() => {
    get<{ data: T }>(path, { params: JSON.parse(query) as Record<string, string> })
      .then(({ data }) => setSummary(data.data))
      .catch(() => setFailed(true));
  }, [get, path, query]);

  return { summary, failed };
}
