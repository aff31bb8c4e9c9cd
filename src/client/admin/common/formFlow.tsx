import { useLayoutEffect, useRef } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { SaveButton, useNotify, useResourceContext } from 'react-admin';
import { MESSAGES } from '../messages';
import { takeTypeAhead } from './typeAhead';

/**
 * The fields "Guardar y crear otro" keeps by default: the context a teacher enters again for the
 * next record (the level of the next word, the evaluation of the next question, the question of the
 * next answer, the word of the next media file, the institution of the next domain).
 */
export const DEFAULT_KEEP = ['id_nivel', 'id_evaluacion', 'id_pregunta', 'id_palabra', 'id_institucion'] as const;

/** The values a blank form starts with after "Guardar y crear otro": defaults + the kept fields. */
function nextBlankValues(saved: Record<string, unknown>, keep: readonly string[], defaults: Record<string, unknown> = {}): Record<string, unknown> {
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
function focusFirstField(form: Element | null | undefined, skip: readonly string[] = []) {
  const fields = Array.from(form?.querySelectorAll<HTMLElement>(FIELD_SELECTOR) ?? []);
  const named = (el: HTMLElement) => el.getAttribute('name') ?? el.id;
  const el = fields.find((f) => !skip.includes(named(f))) ?? fields[0];
  el?.focus();
  return el;
}

/**
 * Focuses the first field when a form opens (create and edit), so typing starts at once. A DOM
 * look-up because the fields are react-admin inputs of many kinds (text, select, autocomplete)
 * and react-hook-form's setFocus needs the field's name, which differs per form.
 *
 * When: react-admin's form resets its values to the record / defaults in an effect after it
 * mounts, so a key typed into a field focused before that reset is wiped, and a field focused
 * only a frame later (the old requestAnimationFrame) let keys go to the page: either way the first
 * letters were lost ('RevStaffSol' saved as 'evStaffSol'). So this marker, in a layout effect (once
 * the inputs are in the DOM), prepares the focus and hands it to `ready`; ResourceForm calls it from
 * its own mount effect, which React runs after the form's reset (a parent's effects run after its
 * children's). Until then every key is held by typeAhead.ts (nothing editable has the focus) and is
 * put into the first field, when it is a text field, as the focus arrives.
 */
export function FocusFirstField({ ready }: { ready: { current: (() => void) | null } }) {
  const marker = useRef<HTMLSpanElement>(null);
  const { getValues, setValue } = useFormContext();
  useLayoutEffect(() => {
    const form = marker.current?.closest('form');
    ready.current = () => {
      if (!form?.isConnected || form.contains(document.activeElement)) return; // an input's own autoFocus: leave it
      // Someone typing elsewhere (the top search box) while the record loaded keeps their box: the
      // focus and their keys stay there (a full e2e run saw 'zzzz sin nada' land in the level's Nombre).
      const active = document.activeElement;
      if (
        active instanceof HTMLElement &&
        (active.isContentEditable || active instanceof HTMLTextAreaElement || (active instanceof HTMLInputElement && TEXT_TYPES.has(active.type)))
      )
        return;
      const el = focusFirstField(form);
      const ahead = takeTypeAhead();
      const name = el?.getAttribute('name');
      const isText = el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type) && el.getAttribute('role') !== 'combobox');
      if (ahead && name && isText && !el.readOnly) {
        const before: unknown = getValues(name);
        setValue(name, `${typeof before === 'string' ? before : ''}${ahead}`, { shouldDirty: true });
      }
    };
    return () => {
      ready.current = null;
    };
  }, [getValues, setValue, ready]);
  return <span ref={marker} hidden />;
}

/** Input types that take typed text (where keys typed ahead may go). */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', '']);

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
