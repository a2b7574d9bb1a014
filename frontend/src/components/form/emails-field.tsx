import { MESSAGES, isStringArray } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { type ClipboardEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { formatNumber, useLocale } from '../../lib/format/locale';
import { ADDRESS_SEPARATOR, addAddresses, isEmailAddress } from './email-list';

/** Chips shown before the rest are folded behind "Show all" (a mail to 2,000 students stays quick and readable). */
export const CHIPS_SHOWN = 50;

/** Keys that end an address being typed. */
const ENDS_ADDRESS = new Set(['Enter', ',', ';', ' ']);

/**
 * The input of an `emails` field (a mail's To and Cc): each address a chip. Typing an address and pressing Enter,
 * comma, semicolon or space adds it (so does leaving the field); pasting a list (commas, semicolons, spaces or lines)
 * adds them all; addresses are lower-cased and kept once. Each chip has a Remove button. From the keyboard, Tab passes
 * the chips (one stop for the field, not one per address): Left arrow in the empty input reaches the last chip, the
 * arrows move between chips and back to the input, Delete or Backspace removes the chip; Backspace in the empty input
 * removes the last. Addresses the server would refuse are marked `Not valid email`. Beyond `CHIPS_SHOWN` chips only
 * a count shows, with "Show all" (invalid addresses always show).
 */
export function EmailsField(props: { id: string; value: unknown; onChange: (v: string[]) => void; onBlur: () => void; invalid: boolean }) {
  const locale = useLocale();
  const { value } = props;
  const list = useMemo(() => (isStringArray(value) ? value : []), [value]);
  const bad = useMemo(() => new Set(list.filter((a) => !isEmailAddress(a))), [list]);
  const [text, setText] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const chips = useRef<HTMLUListElement>(null);

  const add = (typed: string) => {
    const { list: next, added } = addAddresses(list, typed);
    if (added) props.onChange(next);
  };
  const commit = () => {
    if (text.trim()) add(text);
    setText('');
  };
  /** The Remove buttons shown, in order. */
  const buttons = () => [...(chips.current?.querySelectorAll<HTMLButtonElement>('.email-chip-remove') ?? [])];
  /** Focuses the chip shown at `at` (past the last: the input). */
  const focusChip = (at: number) => (at >= 0 && at < buttons().length ? buttons()[at] : input.current)?.focus();
  /** Removes the address at `i`; from the keyboard, the chip now in its place (or the input) takes the focus. */
  const remove = (i: number, keyboard: boolean) => {
    const at = buttons().findIndex((b) => b === document.activeElement);
    props.onChange(list.filter((_, j) => j !== i));
    if (keyboard) requestAnimationFrame(() => focusChip(Math.min(Math.max(at, 0), buttons().length - 1)));
  };
  const onChipKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const at = buttons().indexOf(e.currentTarget);
    if (e.key === 'Delete' || e.key === 'Backspace') remove(i, true);
    else if (e.key === 'ArrowLeft') focusChip(Math.max(at - 1, 0));
    else if (e.key === 'ArrowRight') focusChip(at + 1);
    else return;
    e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (ENDS_ADDRESS.has(e.key)) {
      // An address ends here; a separator alone is not typed, and Enter never submits the form.
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && !text && list.length) {
      e.preventDefault();
      remove(list.length - 1, false);
    } else if (e.key === 'ArrowLeft' && !text && list.length) {
      e.preventDefault();
      focusChip(buttons().length - 1);
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!ADDRESS_SEPARATOR.test(pasted.trim())) return;
    e.preventDefault();
    add(`${text} ${pasted}`);
    setText('');
  };
  // Text typed with a separator in it (a phone's keyboard, autofill): the complete addresses become chips.
  const onType = (typed: string) => {
    const m = /^([\s\S]*)[\s,;]+([^\s,;]*)$/.exec(typed);
    if (m && m[1].trim()) {
      add(m[1]);
      setText(m[2]);
    } else setText(typed.replace(/^[\s,;]+/, ''));
  };

  const folded = !showAll && list.length > CHIPS_SHOWN;
  const shown = list.map((a, i) => ({ a, i })).filter(({ a, i }) => !folded || i < CHIPS_SHOWN || bad.has(a));
  const count = `${formatNumber(list.length, locale)} address${list.length === 1 ? '' : 'es'}`;
  return (
    <div className={`emails-field p-chips p-component p-inputwrapper${focused ? ' p-focus' : ''}${props.invalid ? ' p-invalid' : ''}`}>
      <ul
        ref={chips}
        className="p-inputtext p-chips-multiple-container"
        onClick={(e) => e.target === e.currentTarget && input.current?.focus()}
      >
        {shown.map(({ a, i }) => (
          <li key={a} className={`p-chips-token email-chip${bad.has(a) ? ' invalid' : ''}`}>
            <span className="p-chips-token-label">{a}</span>
            {bad.has(a) ? <span className="email-chip-why">{MESSAGES.email}</span> : null}
            <button
              type="button"
              className="email-chip-remove"
              aria-label={`Remove ${a}`}
              tabIndex={-1}
              onClick={(e) => remove(i, e.detail === 0)}
              onKeyDown={(e) => onChipKey(e, i)}
            >
              <i className="pi pi-times-circle" aria-hidden />
            </button>
          </li>
        ))}
        {folded ? (
          <li className="email-chips-folded" aria-hidden>
            +{formatNumber(list.length - shown.length, locale)} more
          </li>
        ) : null}
        <li className="p-chips-input-token">
          <input
            ref={input}
            id={props.id}
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            placeholder={list.length ? '' : 'Type or paste addresses'}
            aria-describedby={`${props.id}-count ${props.id}-keys`}
            aria-invalid={props.invalid || undefined}
            value={text}
            onChange={(e) => onType(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onFocus={() => setFocused(true)}
            onBlur={() => {
              setFocused(false);
              commit();
              props.onBlur();
            }}
          />
        </li>
      </ul>
      <div className="emails-summary">
        <span id={`${props.id}-count`} aria-live="polite">
          {count}
          {bad.size ? `, ${formatNumber(bad.size, locale)} not valid` : ''}
        </span>
        <span id={`${props.id}-keys`} className="visually-hidden">
          Left arrow reaches the addresses; Delete removes one.
        </span>
        {list.length > CHIPS_SHOWN ? (
          <Button
            type="button"
            text
            size="small"
            label={showAll ? 'Show fewer' : `Show all ${formatNumber(list.length, locale)}`}
            aria-expanded={showAll}
            onClick={() => setShowAll((s) => !s)}
          />
        ) : null}
        {list.length > 1 ? (
          <Button type="button" text size="small" severity="secondary" label="Remove all" onClick={() => props.onChange([])} />
        ) : null}
      </div>
    </div>
  );
}
