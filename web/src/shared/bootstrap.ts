// The bootstrap's types are the server's, from where it is built (src/api/web/page-bootstrap.ts).
import type { Bootstrap } from '../../../src/api/web/bootstrap-shape.js';

export type { Bootstrap, BootstrapSchedule as ScheduleData, BriefOccurrence as Occurrence, StationCard, StreamChoice } from '../../../src/api/web/bootstrap-shape.js';

/** The page's bootstrap (<script type="application/json" id="radio-bootstrap">), or null. */
export function readBootstrap(): Bootstrap | null {
  try {
    const text = document.getElementById('radio-bootstrap')?.textContent ?? '';
    const value = JSON.parse(text) as Partial<Bootstrap> | null;
    return value?.station ? (value as Bootstrap) : null;
  } catch {
    return null;
  }
}
