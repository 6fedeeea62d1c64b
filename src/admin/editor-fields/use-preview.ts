/**
 * What the server says of a section's query (GET /editor-fields/listing-query), asked once as the field
 * opens and again a moment after the editor stops changing it. The same question within a short while
 * is answered from here: a page with ten sections costs ten requests as it opens, however often React
 * draws it.
 */
import { useEffect, useState } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import type { QueryPreview } from '../../api/editor-fields/lib/query-form';

/** How long an answer is reused (ms): the server keeps them per catalogue build. */
const REUSED_MS = 30_000;
/** How long after the last change the field asks (ms). */
const SETTLE_MS = 300;

const asked = new Map<string, { at: number; answer: Promise<QueryPreview> }>();

export interface PreviewState {
  data?: QueryPreview;
  loading: boolean;
  failed: boolean;
}

export type PreviewAsk = Record<string, unknown>;

function paramsOf(ask: PreviewAsk): string {
  return new URLSearchParams(Object.entries(ask).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')).toString();
}

export function usePreview(ask: PreviewAsk): PreviewState {
  const { get } = useFetchClient();
  const params = paramsOf(ask);
  const [state, setState] = useState<PreviewState & { params?: string }>({ loading: true, failed: false });

  useEffect(() => {
    let current = true;
    const kept = asked.get(params);
    const reuse = kept && Date.now() - kept.at < REUSED_MS;
    const timer = setTimeout(
      () => {
        const answer = reuse ? kept.answer : get<{ data: QueryPreview }>(`/editor-fields/listing-query?${params}`).then(({ data }) => data.data);
        if (!reuse) asked.set(params, { at: Date.now(), answer });
        answer.then(
          (data) => current && setState({ params, data, loading: false, failed: false }),
          () => {
            asked.delete(params);
            if (current) setState((before) => ({ ...before, params, loading: false, failed: true }));
          },
        );
      },
      state.params === undefined || reuse ? 0 : SETTLE_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The state is read only to tell the first ask: a new answer must not ask again.
  }, [params, get]);

  return { data: state.data, loading: state.params !== params, failed: state.failed && state.params === params };
}
