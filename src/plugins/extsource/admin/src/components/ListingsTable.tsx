/**
 * The synced listings (what the provider supplied), searchable and paginated: reference, title, type,
 * price, status (an active listing the website keeps off says why) and when the provider's feed last had
 * the listing.
 */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Flex, Searchbar, Table, Tbody, Td, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { useFetchClient } from '@strapi/strapi/admin';
import type { ListingPage, ListingSummary } from '../types';
import { when } from './runText';

const PER_PAGE = 10;
type TypeFilter = '' | 'sale' | 'rent';
const TYPE_FILTERS: Array<[TypeFilter, string]> = [['', 'All'], ['sale', 'Sales'], ['rent', 'Rentals']];

const price = (listing: ListingSummary) =>
  listing.price === null ? '-' : `${listing.currency} ${listing.price.toLocaleString(undefined, { maximumFractionDigits: 0 })}`;

function StatusBadge({ listing }: { listing: ListingSummary }) {
  if (listing.status === 'active' && listing.off_site) {
    return (
      <Flex direction="column" alignItems="flex-start" gap={1}>
        <Badge backgroundColor="warning100" textColor="warning700">Not on the site</Badge>
        <Typography variant="pi" textColor="neutral600">{listing.off_site}</Typography>
      </Flex>
    );
  }
  if (listing.status === 'active') return <Badge backgroundColor="success100" textColor="success700">On the site</Badge>;
  return <Badge backgroundColor="neutral150" textColor="neutral700">Withdrawn {when(listing.deactivated_at)}</Badge>;
}

/** `version` changes when a sync finishes, so the list is read again. */
export function ListingsTable({ version }: { version: number }) {
  const { get } = useFetchClient();
  const [type, setType] = useState<TypeFilter>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [listings, setListings] = useState<ListingPage>();

  const load = useCallback(async () => {
    const params: Record<string, string | number> = { page, per_page: PER_PAGE };
    if (type) params.type = type;
    if (search.trim()) params.q = search.trim();
    const { data } = await get<ListingPage>('/extsource/properties', { params });
    setListings(data);
  }, [get, page, type, search]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const filterBy = (next: TypeFilter) => {
    setType(next);
    setPage(1);
  };

  return (
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Flex gap={2}>
        {TYPE_FILTERS.map(([value, label]) => (
          <Button key={label} variant={type === value ? 'secondary' : 'tertiary'} onClick={() => filterBy(value)}>{label}</Button>
        ))}
        <Box flex="1">
          <Searchbar
            name="listing-search"
            value={search}
            onChange={(event) => { setSearch(event.target.value); setPage(1); }}
            onClear={() => { setSearch(''); setPage(1); }}
            clearLabel="Clear the search"
            placeholder="Reference, title, community or city"
          >
            Search listings
          </Searchbar>
        </Box>
      </Flex>
      <Table colCount={6} rowCount={(listings?.data.length ?? 0) + 1}>
        <Thead>
          <Tr>
            {['Reference', 'Title', 'Type', 'Price', 'Status', 'Last seen in the feed'].map((heading) => (
              <Th key={heading}><Typography variant="sigma">{heading}</Typography></Th>
            ))}
          </Tr>
        </Thead>
        <Tbody>
          {(listings?.data ?? []).map((listing) => (
            <Tr key={listing.id} data-testid="listing-row">
              <Td><Typography>{listing.reference}</Typography></Td>
              <Td><Typography ellipsis>{listing.title}</Typography></Td>
              <Td><Typography>{listing.listing_type === 'sale' ? 'Sale' : 'Rent'}</Typography></Td>
              <Td><Typography>{price(listing)}</Typography></Td>
              <Td><StatusBadge listing={listing} /></Td>
              <Td><Typography>{when(listing.last_seen_at)}</Typography></Td>
            </Tr>
          ))}
        </Tbody>
      </Table>
      {listings && (
        <Flex justifyContent="space-between">
          <Typography textColor="neutral600" data-testid="listings-total">
            {listings.meta.total} listings · page {listings.meta.current_page} of {listings.meta.last_page}
          </Typography>
          <Flex gap={2}>
            <Button variant="tertiary" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
            <Button variant="tertiary" disabled={page >= listings.meta.last_page} onClick={() => setPage(page + 1)}>Next</Button>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
