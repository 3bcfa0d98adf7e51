import type { StaffRole } from '../../../src/config/staff-identity.js';
import { useEffect, useState } from 'preact/hooks';

/** The console's views, in the order of the navigation; a moderator sees those marked so (the others' routes answer them 403). */
export const VIEWS = [
  { id: 'live', moderator: true },
  { id: 'requests', moderator: true },
  { id: 'programme', moderator: false },
  { id: 'revenue', moderator: false },
  { id: 'reports', moderator: false },
  { id: 'staff', moderator: false },
  { id: 'sources', moderator: false },
] as const;
export type ViewId = (typeof VIEWS)[number]['id'];

export const viewsFor = (role: StaffRole) => VIEWS.filter((view) => role === 'admin' || view.moderator).map((view) => view.id);

const fromHash = (hash: string): string => /^#\/([a-z]+)/.exec(hash)?.[1] ?? '';

/**
 * The view the address names (`/console#/programme`: a deep link, kept by reload and Back), among
 * those `allowed`; another or none is the first allowed view. The key stays in sessionStorage,
 * so moving between views never asks for it again.
 */
export function useView(allowed: readonly ViewId[]): ViewId {
  const [hash, setHash] = useState(() => fromHash(location.hash));
  useEffect(() => {
    const onChange = () => setHash(fromHash(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return (allowed as readonly string[]).includes(hash) ? (hash as ViewId) : allowed[0]!;
}
