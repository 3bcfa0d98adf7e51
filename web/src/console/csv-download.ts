import { useState } from 'preact/hooks';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

/**
 * A CSV from a staff route, saved as a file. A plain link cannot carry the staff key (it is a
 * header, never put in an address), so the file is fetched with it and handed to the browser.
 */
export function CsvDownload({ path, filename, label, adminKey }: { path: string; filename: string; label: string; adminKey: string }) {
  const [error, setError] = useState('');
  const download = async () => {
    const response = await fetch(path, { headers: { authorization: `Bearer ${adminKey}` } }).catch(() => null);
    if (!response?.ok) {
      setError(t.errorGeneric);
      return;
    }
    setError('');
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: filename });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return html`<li><button type="button" class="secondary" onClick=${download}>${label}</button>${error ? html` <span class="error" role="alert">${error}</span>` : ''}</li>`;
}

/** The rows of a CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF), header first. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
