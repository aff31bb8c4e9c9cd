/**
 * Keys typed while a form opens (screens-backoffice.md B-1.3: the first field takes the focus).
 *
 * Between the click on 'Crear' (or a row, or 'Editar') and the form's first render, react-admin
 * checks the session and the role (authProvider.checkAuth / canAccess, asynchronous queries) and,
 * for an edit, loads the record: for those milliseconds there is no field to type in, and the keys
 * went to the button that was clicked ('RevStaffSol' saved as 'evStaffSol'). Focusing earlier cannot
 * help — the field does not exist yet — so the keys typed in that gap are kept here and handed to
 * the form's first field when it mounts (FocusFirstField, formFlow.tsx). No library does this for
 * a router transition; it is a window listener and a string.
 *
 * Kept: printable keys (no Ctrl/Alt/Meta) pressed while nothing editable has the focus, since the
 * last click or non-printable key (a click, Enter or Tab starts a new gesture: what was typed on the
 * list before it is not for the form), and at most MAX_AGE_MS old.
 */
const TYPE_AHEAD_MAX_AGE_MS = 3000;

let typed = '';
let since = 0;
let installed = false;

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role=combobox], [role=textbox]';

function isEditable(el: Element | null): boolean {
  return !!el && el.closest(EDITABLE) !== null;
}

function onKeyDown(e: KeyboardEvent) {
  if (e.key.length !== 1 || e.ctrlKey || e.altKey || e.metaKey || e.isComposing) {
    typed = '';
    return;
  }
  if (isEditable(document.activeElement)) {
    typed = '';
    return;
  }
  if (!typed) since = Date.now();
  typed += e.key;
}

function reset() {
  typed = '';
}

/** Starts listening (once per page; the back office calls it when it loads). */
export function installTypeAhead(target: Window = window) {
  if (installed) return;
  installed = true;
  // Capture phase: seen before any handler of the page can stop it.
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('pointerdown', reset, true);
}

/** The keys typed since the last gesture (and forgets them); '' when they are older than MAX_AGE_MS. */
export function takeTypeAhead(now = Date.now()): string {
  const out = typed && now - since <= TYPE_AHEAD_MAX_AGE_MS ? typed : '';
  typed = '';
  return out;
}
