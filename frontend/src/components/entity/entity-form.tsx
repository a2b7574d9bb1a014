import {
  type EntityDef,
  type EntityRecord,
  type FieldDef,
  type FieldKind,
  MESSAGES,
  derivedSums,
  entitySchema,
  isAsked,
  isWritable,
  isOneOf,
  isPlainObject,
  inSentence,
} from '@attain/shared-types';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Fragment, type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { ApiError } from '../../app/api';
import { profileAtom } from '../../app/state';
import { useAtomValue } from 'jotai';
import { FieldInput } from './field-input';
import { useUnsavedChanges } from '../form/unsaved-changes';
import { datePattern } from '../form/date-input';
import { useLocale } from '../../lib/format/locale';

/** Kinds whose input takes the form's whole width. */
const WIDE_KINDS = new Set<FieldKind>(['html', 'text', 'list', 'files', 'file', 'emails', 'grids']);

/** The form's handle, for what a page adds to the generic form (`before` given as a function). */
export type EntityFormApi = UseFormReturn<Record<string, unknown>>;

/** Whether a form of `def` is short enough to open compact (a few one-line fields, no rich or long text). */
export const isShortForm = (def: EntityDef): boolean =>
  def.fields.filter(isWritable).length <= 4 && !def.fields.some((fd) => isWritable(fd) && (fd.kind === 'html' || fd.kind === 'text'));

/**
 * Enter in a one-line field does not submit the form (a date or a number being typed is not a request to save);
 * Ctrl+Enter (Cmd+Enter) does, from anywhere in the form. Enter still works in text areas, the editor and buttons.
 */
export function enterNeverSubmits(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== 'Enter') return;
  const t = e.target;
  if (e.ctrlKey || e.metaKey) {
    e.preventDefault();
    e.currentTarget.requestSubmit();
    return;
  }
  if (t instanceof HTMLInputElement && t.type !== 'submit' && t.type !== 'button' && t.type !== 'checkbox') e.preventDefault();
}

/** Initial form values: the record's values, else each field's default, else empty. */
export function initialValues(def: EntityDef, record?: EntityRecord | null, preset: Record<string, unknown> = {}): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const fd of def.fields) {
    if (!isWritable(fd)) continue;
    const given = record?.[fd.name] ?? preset[fd.name];
    v[fd.name] =
      given !== undefined
        ? given
        : fd.default !== undefined
          ? fd.default
          : fd.kind === 'int' || fd.kind === 'number' || fd.kind === 'enum' || fd.kind === 'ref'
            ? null
            : fd.kind === 'boolean'
              ? false
              : fd.kind === 'multi' || fd.kind === 'list' || fd.kind === 'files' || fd.kind === 'emails' || fd.kind === 'grids'
                ? []
                : '';
  }
  return v;
}

/** The message of one field's error as the resolver gives it (`{ message }`), if it has one. */
const messageOf = (e: unknown): string | undefined => (isPlainObject(e) && typeof e.message === 'string' ? e.message : undefined);

/**
 * The resolver of a form of `def`: the entity's shared zod schema (the server's rules and messages), one message per
 * field. A bad address of an `emails` list is named by its place, as the server names it (`Not valid email
 * (address 4)`), so it can be found among 2,000.
 */
export function entityResolver(def: EntityDef): Resolver<Record<string, unknown>> {
  const schema = zodResolver(entitySchema(def) as never) as unknown as Resolver<Record<string, unknown>>;
  const lists = def.fields.filter((fd) => fd.kind === 'emails').map((fd) => fd.name);
  return async (values, context, options) => {
    const res = await schema(values, context, options);
    const errors = res.errors as Record<string, unknown>;
    for (const name of lists) {
      const nested = errors[name];
      if (!nested || typeof nested !== 'object' || 'message' in nested) continue;
      const [first] = Object.entries(nested).flatMap(([k, e]) => {
        const message = /^\d+$/.test(k) ? messageOf(e) : undefined;
        return message ? [{ at: Number(k), message }] : [];
      });
      if (first) errors[name] = { type: 'validate', message: `${first.message} (address ${first.at + 1})` };
    }
    return res;
  };
}

/**
 * Fills the fields a form works out (`workedOut`: a course's total credits from L-T-P) as their parts are typed,
 * while the field is empty or still holds the value last worked out; a value the person typed is left alone.
 */
function useWorkedOut(def: EntityDef, form: EntityFormApi) {
  const last = useRef<Record<string, unknown>>({});
  useEffect(() => {
    const derived = def.fields.filter((fd) => fd.workedOut);
    if (!derived.length) return;
    const sub = form.watch((values, { name }) => {
      for (const fd of derived) {
        const rule = fd.workedOut;
        if (!rule || !name || !rule.from.includes(name)) continue;
        const now = values[fd.name];
        if (now !== undefined && now !== null && now !== '' && now !== last.current[fd.name]) continue;
        const next = rule.compute(values);
        last.current[fd.name] = next;
        form.setValue(fd.name, next, { shouldDirty: true, shouldValidate: true });
      }
    });
    return () => sub.unsubscribe();
  }, [def, form]);
}

/**
 * A page's own input for a field of its form, in place of the generic one (a SAR section's tables, whose columns come
 * from the chosen item): given the input's id, the value, the change handler and the form's values.
 */
export type FieldInputOverride = (args: {
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  chosen: Readonly<Record<string, unknown>>;
}) => ReactNode;

/**
 * One field of a form of `def`: its label (`*` when required), its input (`FieldInput`, by kind) and its message,
 * shown once the field was touched or a save was tried, or when the server refused the value. `onChanged` hears
 * each change the person makes (after the form has it).
 */
export function FieldControl(props: {
  fd: FieldDef;
  form: EntityFormApi;
  def: EntityDef;
  /** The values chosen so far (they scope reference pickers). */
  chosen: Readonly<Record<string, unknown>>;
  onChanged?: (v: unknown) => void;
  /** A new record's form: a required choice with one record to choose starts chosen (never on an edit). */
  isNew?: boolean;
  /** The page's own input for this field (`FieldInputOverride`). */
  input?: FieldInputOverride;
}) {
  const { fd, onChanged } = props;
  const locale = useLocale();
  // The shared rule's message names the wire format (YYYY-MM-DD); a person types the campus's.
  const say = (message: string | undefined) =>
    fd.kind === 'date' && message === MESSAGES.date ? `Not a valid date: type it as ${datePattern(locale)}` : message;
  return (
    <Controller
      name={fd.name}
      control={props.form.control}
      render={({ field, fieldState }) => (
        <div className={`form-field${WIDE_KINDS.has(fd.kind) ? ' wide' : ''}`}>
          <label htmlFor={`f-${fd.name}`}>
            {fd.label}
            {fd.required ? (
              <span className="req" aria-hidden>
                {' '}
                *
              </span>
            ) : null}
          </label>
          {props.input ? (
            props.input({
              id: `f-${fd.name}`,
              value: field.value,
              onChange: (v) => {
                field.onChange(v);
                onChanged?.(v);
              },
              chosen: props.chosen,
            })
          ) : (
            <FieldInput
              field={fd}
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                onChanged?.(v);
              }}
              onBlur={field.onBlur}
              invalid={Boolean(fieldState.error)}
              def={props.def}
              chosen={props.chosen}
              // A required choice with one record to choose starts chosen, as the form's own value (not a change to ask about).
              onOnlyChoice={fd.required && props.isNew ? (id) => props.form.resetField(fd.name, { defaultValue: id }) : undefined}
            />
          )}
          {fieldState.error ? (
            <small className="field-error" id={`e-${fd.name}`}>
              {say(fieldState.error.message)}
            </small>
          ) : null}
          {fd.workedOut ? (
            <small className="hint">Worked out as {fd.workedOut.rule}; type another value if yours is counted otherwise.</small>
          ) : null}
        </div>
      )}
    />
  );
}

/**
 * The choices a field offers the signed-in user: without an entity's writing role (a faculty member writing their SAR
 * section), the values only those roles give (`reservedChoices`: Approved) are not offered; the server refuses them too.
 */
function useOfferedChoices(def: EntityDef): (fd: FieldDef) => FieldDef {
  const role = useAtomValue(profileAtom)?.role;
  const gives = role !== undefined && isOneOf(def.writeRoles, role);
  return (fd) => {
    const reserved = def.reservedChoices?.[fd.name];
    return reserved && !gives && fd.choices ? { ...fd, choices: fd.choices.filter((c) => !reserved.includes(String(c))) } : fd;
  };
}

/**
 * The generic form of a registry entity: one input per field, validated with the entity's shared zod schema
 * (the server's rules and messages), errors shown for touched fields and after a submit attempt. Server-side
 * per-field errors (400) are shown on their fields.
 */
export function EntityForm(props: {
  def: EntityDef;
  record?: EntityRecord | null;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
  onCancel?: () => void;
  submitLabel?: string;
  /** The form's id: a Save button elsewhere (the full-screen form's footer) submits it; then no buttons show here. */
  id?: string;
  /** Told whether the form has changes (so closing it can ask first). */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * After a stale save (409): loads the record as saved now in place of this one (what was typed here is lost, so
   * only on request).
   */
  onReload?: () => void;
  /**
   * Shown first: fields of the same form that the registry does not describe (a new user's sign-in), or, as a
   * function of the form, a page's own part of it (Send Mail's recipient pickers, which fill To).
   */
  before?: ReactNode | ((form: EntityFormApi, chosen: Readonly<Record<string, unknown>>) => ReactNode);
  /** Fields not shown in the grid (a `before` function shows them itself); their values are still sent. */
  hidden?: readonly string[];
  /**
   * Values a new record starts with (e.g. the list's chosen curriculum and course); they also scope the reference
   * pickers (a course outcome's courses are those of the list's curriculum and term).
   */
  preset?: Record<string, unknown>;
  /** Why this person may read the form but not save it: the fields are shown disabled, with this sentence, and no Save. */
  readOnly?: string;
  /** The page's own inputs for some fields, by field name (`FieldInputOverride`). */
  inputs?: Readonly<Record<string, FieldInputOverride>>;
}) {
  const { def } = props;
  const resolver = useMemo(() => entityResolver(def), [def]);
  const form = useForm<Record<string, unknown>>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues(def, props.record, props.preset),
  });
  const [refused, setRefused] = useState<ApiError | null>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const { isDirty } = form.formState;
  const { onDirtyChange } = props;
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  // Braces: scrollIntoView returns a promise in newer browsers, and an effect may return only its cleanup.
  useEffect(() => {
    refusal.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refused]);
  /** Sends the checked values; resolves true when saved (a refusal is shown on the form and its fields). */
  const send = async (values: Record<string, unknown>): Promise<boolean> => {
    setRefused(null);
    try {
      await props.onSubmit(values);
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      for (const [k, msg] of Object.entries(e.fields)) form.setError(k, { message: msg });
      // The refusal stays beside the form (the popup may have gone) until the next attempt.
      setRefused(e);
      return false;
    }
  };
  const submit = form.handleSubmit(async (values) => void (await send(values)));
  // Leaving the page with the form changed asks first; Save there checks and sends the form as its own button does.
  useUnsavedChanges(isDirty, {
    what: `the ${inSentence(def.label)} form`,
    save: async () => {
      let saved = false;
      await form.handleSubmit(async (values) => {
        saved = await send(values);
      })();
      return saved;
    },
  });
  useWorkedOut(def, form);
  const offered = useOfferedChoices(def);
  const values = form.watch();
  // Reference pickers are scoped by what is chosen: the form's values over the list's filters.
  const chosen = { ...props.preset, ...values };
  return (
    <form
      id={props.id}
      className={`entity-form${isShortForm(def) ? ' short' : ''}`}
      onSubmit={submit}
      onKeyDown={enterNeverSubmits}
      noValidate
      aria-label={`${def.label} form`}
    >
      {refused ? (
        <div className="form-refusal" role="alert" ref={refusal}>
          <i className="pi pi-exclamation-circle" aria-hidden />
          <span>{refused.detail}</span>
          {refused.status === 409 && props.onReload ? (
            <Button type="button" label="Load the saved version" icon="pi pi-refresh" size="small" outlined onClick={props.onReload} />
          ) : null}
        </div>
      ) : null}
      {props.readOnly ? (
        <p className="hint read-only-note">
          <i className="pi pi-lock" aria-hidden /> {props.readOnly}
        </p>
      ) : null}
      {typeof props.before === 'function' ? props.before(form, chosen) : props.before}
      <fieldset className="form-grid" disabled={Boolean(props.readOnly)}>
        {/* A field asked only when another has a given value shows then (the server drops it otherwise). Fields the
            server derives (a sum) show read-only with the value they will have. A new section starts with its heading. */}
        {def.fields
          .filter((fd) => (isWritable(fd) || fd.sumOf) && isAsked(fd, values) && !props.hidden?.includes(fd.name))
          .map((fd, i, shown) => {
            const heading = fd.section && fd.section !== shown[i - 1]?.section ? <h3 className="form-section">{fd.section}</h3> : null;
            if (fd.sumOf)
              return (
                <Fragment key={fd.name}>
                  {heading}
                  <div className="form-field">
                    <label htmlFor={`f-${fd.name}`}>{fd.label}</label>
                    <InputText id={`f-${fd.name}`} className="w-full" readOnly value={String(derivedSums(def, values)[fd.name] ?? '')} />
                  </div>
                </Fragment>
              );
            return (
              <Fragment key={fd.name}>
                {heading}
                <FieldControl
                  fd={offered(fd)}
                  form={form}
                  def={def}
                  chosen={chosen}
                  isNew={!props.record}
                  input={props.inputs?.[fd.name]}
                />
              </Fragment>
            );
          })}
      </fieldset>
      {props.id || props.readOnly ? null : (
        <div className="form-actions">
          {props.onCancel ? <Button type="button" label="Cancel" severity="secondary" outlined onClick={props.onCancel} /> : null}
          <Button type="submit" label={props.submitLabel ?? 'Save'} icon="pi pi-check" loading={form.formState.isSubmitting} />
        </div>
      )}
    </form>
  );
}
