/**
 * "Personal data" in the admin's menu, for admins with the permission `api::personal-data.manage`: look
 * a person up by e-mail or phone (their leads and buyer account), download everything held on them as
 * JSON, or erase them (the answer to
 * an access or erasure request, docs/security.md). It also shows the retention period and, to super
 * admins, the audit of exports and erasures. Reads and writes /personal-data/* (admin API).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Dialog, Field, Flex, Table, Tbody, Td, TextInput, Th, Thead, Tr, Typography } from '@strapi/design-system';
import { Layouts, Page, useFetchClient, useNotification } from '@strapi/strapi/admin';
import { errorMessage } from './error-message';

interface FoundLead {
  id: number;
  received_at: string;
  language: string;
  consent: boolean | null;
}

interface FoundAccount {
  id: number;
  email: string;
  created_at: string;
  last_active_at: string | null;
  blocked: boolean;
}

interface FoundPerson {
  leads: FoundLead[];
  account: FoundAccount[];
}

interface Retention {
  retention_days: number;
  erasure_mode: 'anonymise' | 'delete';
  last_run: { at: string; anonymised: number } | null;
  account?: { retention_days: number; last_run: { at: string; erased: number } | null };
}

interface AuditEntry {
  id: number;
  action: string;
  at: string;
  admin: { id: number; name: string } | null;
  filter: Record<string, unknown>;
  rows: number;
  outcome: 'started' | 'completed' | 'aborted' | 'failed' | null;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ACTION_LABELS: Record<string, string> = {
  'csv-export': 'CSV export of leads',
  'person-export': "A person's data exported",
  erasure: 'A person erased',
  retention: 'Retention: old leads anonymised, dormant accounts erased',
};

/** How an export that did not simply complete ended: its rows are those that went out before. */
const OUTCOME_LABELS: Record<string, string> = {
  started: 'under way, or interrupted by a restart',
  aborted: 'the download was cancelled',
  failed: 'failed',
};


/** `{ email }` or `{ phone }`, from what the admin typed. */
const personBody = (typed: string) => (typed.includes('@') ? { email: typed } : { phone: typed });

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function download(data: BlobPart, filename: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([data], { type: 'application/json' }));
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <Typography textColor="neutral600">Nothing exported or erased yet.</Typography>;
  return (
    <Table colCount={4} rowCount={entries.length + 1}>
      <Thead>
        <Tr>
          <Th><Typography variant="sigma">When</Typography></Th>
          <Th><Typography variant="sigma">What</Typography></Th>
          <Th><Typography variant="sigma">Who</Typography></Th>
          <Th><Typography variant="sigma">Leads</Typography></Th>
        </Tr>
      </Thead>
      <Tbody>
        {entries.map((entry) => (
          <Tr key={entry.id}>
            <Td><Typography>{when(entry.at)}</Typography></Td>
            <Td><Typography>{`${ACTION_LABELS[entry.action] ?? entry.action} (${Object.entries(entry.filter).map(([key, value]) => `${key}: ${value ?? 'any'}`).join(', ')})`}</Typography></Td>
            <Td><Typography>{entry.admin?.name ?? 'the service'}</Typography></Td>
            <Td><Typography>{entry.outcome && OUTCOME_LABELS[entry.outcome] ? `${entry.rows} (${OUTCOME_LABELS[entry.outcome]})` : entry.rows}</Typography></Td>
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}

const PersonalDataPage = () => {
  const { get, post } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<(FoundPerson & { person: string }) | null>(null);
  const [retention, setRetention] = useState<Retention>();
  const [audit, setAudit] = useState<AuditEntry[]>();
  const [busy, setBusy] = useState(false);
  const [erased, setErased] = useState<string | null>(null);

  const loadStatus = useCallback(async () => {
    setRetention((await get<{ data: Retention }>('/personal-data/retention')).data.data);
    // Super admins only: for anyone else the server says 403 and the audit stays hidden.
    setAudit(await get<{ data: AuditEntry[] }>('/personal-data/audit').then((res) => res.data.data, () => undefined));
  }, [get]);

  useEffect(() => {
    void loadStatus().catch(() => undefined);
  }, [loadStatus]);

  async function act(work: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toggleNotification({ type: 'danger', message: errorMessage(error, failure) });
    } finally {
      setBusy(false);
      await loadStatus().catch(() => undefined);
    }
  }

  const find = () =>
    act(async () => {
      setErased(null);
      const { data } = await post<{ data: FoundPerson }>('/personal-data/search', personBody(typed.trim()));
      setFound({ person: typed.trim(), ...data.data });
    }, 'The search failed.');

  const exportPerson = () =>
    act(async () => {
      // The admin's fetch client reads a JSON answer as an object: written back out as the file.
      const { data } = await post<unknown>('/personal-data/export', personBody(found!.person));
      download(JSON.stringify(data, null, 2), `personal-data-${new Date().toISOString().slice(0, 10)}.json`);
    }, 'The export failed.');

  const erase = () =>
    act(async () => {
      const { data } = await post<{ data: { leads: number; mode: string; crm_notified: boolean; held: { account?: number } } }>('/personal-data/erase', personBody(found!.person));
      const { leads, mode, crm_notified: crm, held } = data.data;
      const accounts = held.account ? `; ${count(held.account, 'buyer account')} deleted with their favourites and saved searches, signed out` : '';
      setErased(`${count(leads, 'lead')} ${mode === 'delete' ? 'deleted' : 'anonymised'}${accounts}${crm ? '; the CRM was told to erase the leads too' : ''}.`);
      setFound(null);
    }, 'The erasure failed.');

  return (
    <Page.Main>
      <Page.Title>Personal data</Page.Title>
      <Layouts.Header
        title="Personal data"
        subtitle="Answer a person's request under the UAE data protection law: find what the leads hold on them, hand it over, or erase it."
      />
      <Layouts.Content>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Box background="neutral0" padding={6} shadow="tableShadow" hasRadius>
            <Flex gap={4} alignItems="flex-end">
              <Box flex="1">
                <Field.Root name="person" hint="The e-mail address or phone number the person gave, in any spelling.">
                  <Field.Label>E-mail or phone</Field.Label>
                  <TextInput value={typed} onChange={(event: React.ChangeEvent<HTMLInputElement>) => setTyped(event.target.value)} />
                  <Field.Hint />
                </Field.Root>
              </Box>
              <Button onClick={find} disabled={busy || typed.trim() === ''}>Find</Button>
            </Flex>
          </Box>
          {erased && <Alert variant="success" title="Erased" closeLabel="Close" onClose={() => setErased(null)}>{erased}</Alert>}
          {found && (
            <Box background="neutral0" padding={6} shadow="tableShadow" hasRadius data-testid="person-found">
              <Flex direction="column" alignItems="stretch" gap={4}>
                <Typography variant="delta">{`${count(found.leads.length, 'lead')} found${found.account.length ? `, and ${count(found.account.length, 'buyer account')}` : ''}`}</Typography>
                {found.account.map((account) => (
                  <Typography key={`account-${account.id}`}>{`Buyer account #${account.id} · ${account.email} · since ${when(account.created_at)} · last used ${account.last_active_at ? when(account.last_active_at) : 'never'}${account.blocked ? ' · blocked' : ''}`}</Typography>
                ))}
                {found.leads.map((lead) => (
                  <Typography key={lead.id}>{`Lead #${lead.id} · received ${when(lead.received_at)} · ${lead.language} · consent: ${lead.consent === null ? 'not asked' : lead.consent ? 'given' : 'refused'}`}</Typography>
                ))}
                {found.leads.length + found.account.length > 0 && (
                  <Flex gap={2}>
                    <Button variant="secondary" onClick={exportPerson} disabled={busy}>Download their data</Button>
                    <Dialog.Root>
                      <Dialog.Trigger>
                        <Button variant="danger-light" disabled={busy}>Erase this person</Button>
                      </Dialog.Trigger>
                      <Dialog.Content>
                        <Dialog.Header>Erase this person?</Dialog.Header>
                        <Dialog.Body>
                          {`Their ${count(found.leads.length, 'lead')} will be ${retention?.erasure_mode === 'delete' ? 'deleted' : 'anonymised'}, deliveries still to be sent are cancelled, and the CRM is told to erase them. ${found.account.length ? `Their buyer account, favourites and saved searches are deleted and they are signed out. ` : ''}This cannot be undone.`}
                        </Dialog.Body>
                        <Dialog.Footer>
                          <Dialog.Cancel><Button variant="tertiary">Cancel</Button></Dialog.Cancel>
                          <Dialog.Action><Button variant="danger" onClick={erase}>Erase</Button></Dialog.Action>
                        </Dialog.Footer>
                      </Dialog.Content>
                    </Dialog.Root>
                  </Flex>
                )}
              </Flex>
            </Box>
          )}
          {retention && (
            <Typography textColor="neutral600" data-testid="retention">
              {retention.retention_days > 0
                ? `Leads are anonymised ${retention.retention_days} days after they arrive. ${retention.last_run ? `Last run ${when(retention.last_run.at)}: ${retention.last_run.anonymised} anonymised.` : 'It has not run yet.'}`
                : 'Leads are kept until erased (no retention period is set: LEAD_RETENTION_DAYS).'}
              {' '}
              {retention.account && retention.account.retention_days > 0
                ? `Buyer accounts unused for ${retention.account.retention_days} days are erased. ${retention.account.last_run ? `Last run ${when(retention.account.last_run.at)}: ${retention.account.last_run.erased} erased.` : 'It has not run yet.'}`
                : 'Buyer accounts are kept until erased (ACCOUNT_RETENTION_DAYS is not set).'}
            </Typography>
          )}
          {audit && (
            <Flex direction="column" alignItems="stretch" gap={3} data-testid="audit">
              <Typography variant="delta">Audit</Typography>
              <AuditTable entries={audit} />
            </Flex>
          )}
        </Flex>
      </Layouts.Content>
    </Page.Main>
  );
};

export default PersonalDataPage;
