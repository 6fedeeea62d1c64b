/**
 * Beside the controls: how many projects or homes the section's query selects and its first three
 * cards (name, image, price), as the page will show them; a warning when it selects nothing, the
 * listing's refusal when it refuses the query.
 */
import { useIntl } from 'react-intl';
import { Box, Flex, Typography } from '@strapi/design-system';
import type { PreviewCard } from '../../api/editor-fields/lib/query-form';
import type { PreviewState } from './use-preview';
import { countSentence, sentence } from './messages';

function Card({ card }: { card: PreviewCard }) {
  return (
    <Flex gap={2} width="16rem" data-testid="preview-card">
      {card.image ? <img src={card.image} alt="" width={56} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <Box width="56px" height="40px" background="neutral150" hasRadius />}
      <Flex direction="column" alignItems="flex-start">
        <Typography fontWeight="semiBold" ellipsis>{card.name}</Typography>
        {card.price ? <Typography variant="pi" textColor="neutral600">{card.price}</Typography> : null}
      </Flex>
    </Flex>
  );
}

export function PreviewPanel({ preview }: { preview: PreviewState }) {
  const { formatMessage } = useIntl();
  const { data, loading, failed } = preview;
  if (failed) return <Typography textColor="danger600">{formatMessage(sentence('unavailable'))}</Typography>;
  if (!data) return <Typography textColor="neutral600">{formatMessage(sentence('loading'))}</Typography>;
  if (data.refused) return <Typography textColor="danger600" data-testid="preview-refused">{formatMessage(sentence('refused'), { reason: data.refused })}</Typography>;
  const total = data.total ?? 0;
  return (
    <Box padding={3} background="neutral100" hasRadius style={{ opacity: loading ? 0.6 : 1 }} aria-busy={loading} data-testid="preview">
      <Flex direction="column" alignItems="stretch" gap={2}>
        <Typography fontWeight="bold" data-testid="preview-count">
          {formatMessage(countSentence(data.name), { total })}
        </Typography>
        {total === 0 ? <Typography textColor="warning600">{formatMessage(sentence('nothing'))}</Typography> : null}
        <Flex gap={3} wrap="wrap">
          {data.cards.map((card, i) => (
            <Card key={i} card={card} />
          ))}
        </Flex>
      </Flex>
    </Box>
  );
}
