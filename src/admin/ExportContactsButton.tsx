/**
 * "Export CSV" in the Content Manager's list of contact submissions: downloads
 * GET /contacts-export/contacts.csv (admin API, same permission as reading contacts) as a file.
 */
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@strapi/design-system';
import { Download } from '@strapi/icons';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';

const CONTACT_UID = 'api::contact.contact';

export function ExportContactsButton() {
  const { slug } = useParams<{ slug: string }>();
  const { get } = useFetchClient();
  const { toggleNotification } = useNotification();
  const [exporting, setExporting] = useState(false);
  if (slug !== CONTACT_UID) return null;

  async function download() {
    setExporting(true);
    try {
      const { data } = await get<Blob>('/contacts-export/contacts.csv', { responseType: 'blob' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(data);
      link.download = `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked after the browser has taken the download, not before.
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch {
      toggleNotification({ type: 'danger', message: 'The export failed. Try again, or ask an administrator.' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="secondary" startIcon={<Download />} onClick={download} loading={exporting}>
      Export CSV
    </Button>
  );
}
