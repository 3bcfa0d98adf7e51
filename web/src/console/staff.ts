import { useEffect, useState } from 'preact/hooks';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import type { StaffRole } from '../../../src/config/staff-identity.js';

interface Member {
  name: string;
  role: StaffRole;
  source: 'config' | 'console';
  created_at: number | null;
  created_by: string | null;
}

/**
 * The staff (admins only): who has a key, with which role; a form that makes a key for a new
 * member (shown once, here, to hand over) and Revoke for keys made in the console.
 */
export function StaffKeys({ adminKey }: { adminKey: string }) {
  const [staff, setStaff] = useState<Member[]>([]);
  const [error, setError] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const load = () => void api<{ staff: Member[] }>('/api/admin/staff', { adminKey }).then((r) => r.ok && setStaff(r.data.staff));
  useEffect(load, [adminKey]);

  const create = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const result = await api<{ name: string; key: string }>('/api/admin/staff', { body: { name: formText(data, 'name'), role: formText(data, 'role') }, adminKey });
    setError(result.ok ? '' : errorText(result));
    if (result.ok) {
      setMade(result.data);
      form.reset();
      load();
    }
  };
  const revoke = async (name: string) => {
    const result = await api(`/api/admin/staff/${encodeURIComponent(name)}`, { method: 'DELETE', adminKey });
    setError(result.ok ? '' : errorText(result));
    if (made?.name === name) setMade(null);
    load();
  };

  return html`<section class="card wide" aria-labelledby="staff-heading">
    <h2 id="staff-heading">${t.staff}</h2>
    <ul class="plain-list" id="staff-list">
      ${staff.map(
        (m) =>
          html`<li key=${m.name}>
            <span
              ><strong>${m.name}</strong>${' '}
              <span class="muted">(${t.roles[m.role] ?? m.role}) ${m.source === 'config' ? t.staffFromConfig : t.staffMadeBy(m.created_by ?? '', dateTime(m.created_at ?? 0))}</span></span
            >
            ${m.source === 'console' ? html`<button type="button" class="secondary" aria-label=${`${t.revoke}: ${m.name}`} onClick=${() => revoke(m.name)}>${t.revoke}</button>` : ''}
          </li>`,
      )}
    </ul>
    <form class="inline-form" onSubmit=${create}>
      <div><label for="staff-name">${t.staffName}</label><input id="staff-name" name="name" required maxlength="40" /></div>
      <div>
        <label for="staff-role">${t.staffRole}</label>
        <select id="staff-role" name="role">
          <option value="moderator">${t.roles.moderator}</option>
          <option value="admin">${t.roles.admin}</option>
        </select>
      </div>
      <button type="submit">${t.staffCreate}</button>
    </form>
    <p class="error" role="alert">${error}</p>
    ${made && html`<p role="status" id="new-staff-key">${t.staffKeyOnce(made.name)} <code>${made.key}</code></p>`}
  </section>`;
}
