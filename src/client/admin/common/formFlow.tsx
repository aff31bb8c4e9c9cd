import { useLayoutEffect, useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { SaveButton, useNotify, useResourceContext } from 'react-admin';
import { MESSAGES } from '../messages';

/**
 * The fields "Guardar y crear otro" keeps by default: the context a teacher enters again for the
 * next record (the level of the next word, the evaluation of the next question, the question of the
 * next answer, the word of the next media file, the institution of the next domain).
 */
export const DEFAULT_KEEP = ['id_nivel', 'id_evaluacion', 'id_pregunta', 'id_palabra', 'id_institucion'] as const;

/** The values a blank form starts with after "Guardar y crear otro": defaults + the kept fields. */
export function nextBlankValues(saved: Record<string, unknown>, keep: readonly string[], defaults: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...defaults };
  for (const k of keep) if (saved[k] !== undefined && saved[k] !== null && saved[k] !== '') out[k] = saved[k];
  return out;
}

const FIELD_SELECTOR = [
  'input:not([type=hidden]):not([type=file]):not([disabled]):not([aria-hidden=true])',
  'textarea:not([disabled]):not([aria-hidden=true])',
  '[role=combobox][tabindex="0"]',
].join(',');

/**
 * Moves the focus to the form's first field (the element this marker sits in is the form), skipping
 * the fields named in `skip` (after "Guardar y crear otro" the kept level is already filled: the
 * teacher goes on typing the next word, not the level).
 */
export function focusFirstField(form: Element | null | undefined, skip: readonly string[] = []) {
  const fields = Array.from(form?.querySelectorAll<HTMLElement>(FIELD_SELECTOR) ?? []);
  const named = (el: HTMLElement) => el.getAttribute('name') ?? el.id;
  const el = fields.find((f) => !skip.includes(named(f))) ?? fields[0];
  el?.focus();
}

/**
 * Focuses the first field when a form opens (create and edit), so typing starts at once. A DOM
 * look-up because the fields are react-admin inputs of many kinds (text, select, autocomplete)
 * and react-hook-form's setFocus needs the field's name, which differs per form.
 *
 * A layout effect: it runs once the form's inputs are in the DOM (MUI's Select and Autocomplete
 * mount theirs in the same commit) and before the browser paints, so no keystroke can arrive while
 * the field is already visible but not yet focused. The focus used to come a frame later
 * (requestAnimationFrame after a useEffect): letters typed in that frame went to the page and were
 * lost ('RevStaffSol' saved as 'evStaffSol').
 */
export function FocusFirstField() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const form = marker.current?.closest('form');
    // Something inside the form already has the focus (an input's own autoFocus): leave it there.
    if (form && !form.contains(document.activeElement)) focusFirstField(form);
  }, []);
  return <span ref={marker} hidden />;
}

/**
 * "Guardar y crear otro" (react-admin's second SaveButton with its own onSuccess): saves, shows the
 * resource's created toast (B-1.3), and returns to a blank form that keeps `keep` (DEFAULT_KEEP unless given),
 * with the focus on the first field.
 */
export function SaveAndCreateAnother({
  keep = DEFAULT_KEEP,
  defaults,
  disabled,
  alwaysEnable,
  resource: resourceProp,
}: {
  keep?: readonly string[];
  defaults?: Record<string, unknown>;
  disabled?: boolean;
  alwaysEnable?: boolean;
  resource?: string;
}) {
  const ctx = useResourceContext();
  const resource = resourceProp ?? ctx ?? '';
  const notify = useNotify();
  const { reset, getValues } = useFormContext();
  const { isSubmitting } = useFormState();
  const marker = useRef<HTMLSpanElement>(null);
  return (
    <>
      <span ref={marker} hidden />
      <SaveButton
        label="Guardar y crear otro"
        type="button"
        variant="outlined"
        disabled={disabled || isSubmitting || undefined}
        alwaysEnable={alwaysEnable}
        mutationOptions={{
          onSuccess: () => {
            notify(MESSAGES[resource]?.created ?? 'Guardado.', { type: 'success' });
            reset(nextBlankValues(getValues(), keep, defaults));
            requestAnimationFrame(() => focusFirstField(marker.current?.closest('form'), keep));
          },
        }}
      />
    </>
  );
}
