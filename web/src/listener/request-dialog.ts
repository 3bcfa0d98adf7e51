import { useRef } from 'preact/hooks';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { RequestForm } from './requests.js';

type RequestFormProps = Parameters<typeof RequestForm>[0];

/**
 * The request form behind a button, in a modal dialog: the page stays short and the queue stays in
 * view. The form is in the page all along (closed, not absent), so what it says persists between
 * openings; Escape and Close put the focus back on the button.
 */
export function RequestDialog(props: RequestFormProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  return html`<button type="button" class="request-open" id="request-open" aria-haspopup="dialog" onClick=${() => dialog.current?.showModal()}>${t.requests}</button>
    <dialog ref=${dialog} class="request-dialog" aria-labelledby="request-dialog-heading">
      <div class="dialog-head">
        <h2 id="request-dialog-heading">${t.requests}</h2>
        <button type="button" class="secondary" onClick=${() => dialog.current?.close()}>${t.close}</button>
      </div>
      <${RequestForm} ...${props} />
    </dialog>`;
}
