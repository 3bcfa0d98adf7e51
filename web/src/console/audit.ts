import { useEffect, useState } from 'preact/hooks';
import type { Socket } from 'socket.io-client';
import type { AuditEntry } from '../../../src/station/shapes.js';
import { api } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { moneyInDetail } from './money.js';

/** Live events that follow a staff action: the log is read again when one arrives (bans have none: Refresh). */
const AFTER_ACTIONS = ['chat:deleted', 'chat:message', 'request:updated'];

/** The audit log (admins only): who did what, when, on what, newest first (GET /api/admin/audit). */
export function AuditLog({ socket, adminKey }: { socket: Socket; adminKey: string }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState('');
  const load = () =>
    void api<{ entries: AuditEntry[] }>('/api/admin/audit?limit=50', { adminKey }).then((r) => {
      setError(r.ok ? '' : errorText(r));
      if (r.ok) setEntries(r.data.entries);
    });
  useEffect(() => {
    load();
    for (const event of AFTER_ACTIONS) socket.on(event, load);
    return () => {
      for (const event of AFTER_ACTIONS) socket.off(event, load);
    };
  }, [adminKey]);

  return html`<section class="card wide" aria-labelledby="audit-heading">
    <h2 id="audit-heading">${t.auditLog}</h2>
    <button type="button" class="secondary" onClick=${load}>${t.auditRefresh}</button>
    <p class="error" role="alert">${error}</p>
    ${
      entries === null
        ? html`<p class="muted">${t.loading}</p>`
        : entries.length === 0
          ? html`<p class="muted">${t.auditEmpty}</p>`
          : html`<table class="table" id="audit-log">
              <thead>
                <tr>
                  <th scope="col">${t.auditWhen}</th>
                  <th scope="col">${t.auditWho}</th>
                  <th scope="col">${t.auditWhat}</th>
                  <th scope="col">${t.auditOn}</th>
                </tr>
              </thead>
              <tbody>
                ${entries.map(
                  (e) =>
                    html`<tr key=${e.id}>
                      <td>${dateTime(e.at)}</td>
                      <td>${e.actor} <span class="muted">(${t.roles[e.role] ?? e.role})</span></td>
                      <td>${t.auditActions[e.action] ?? e.action}</td>
                      <td>${e.target}${e.detail ? html` <span class="muted">· ${moneyInDetail(e.detail)}</span>` : ''}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
    }
  </section>`;
}
