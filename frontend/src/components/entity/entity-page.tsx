import {
  type CampusLocale,
  ENTITIES,
  type EntityDef,
  type EntityRecord,
  type FieldDef,
  entity,
  isOneOf,
  isWritable,
  inSentence,
  textOf,
  may,
} from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Divider } from 'primereact/divider';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { crud } from '../../app/crud-client';
import { profileAtom, showPopup } from '../../app/state';
import { HistoryButton } from './history-button';
import { FormDialog } from '../form/form-dialog';
import { fieldText } from '../../lib/format/field-text';
import { useLocale } from '../../lib/format/locale';
import { ResponsiveTable, type TableColumn } from '../table/responsive-table';
import { EntityForm, type EntityFormApi, type FieldInputOverride, isShortForm } from './entity-form';
import { FilterBar } from './filter-bar';
import { dropDeleted, invalidateAfterWrite, putSaved, useListQuery } from './list-cache';
import { LoadMore } from './load-more';
import { type RefWant, fieldRefLabel, useRefRecords } from './ref-records';
import { presentParams } from '../../app/search-params';

type Lookup = ReturnType<typeof useRefRecords>;

/** What a list cell shows for value `v` of field `fd`: words for choices, the campus's date format, labels for references. */
function cellText(fd: FieldDef | undefined, v: unknown, refs: Lookup, locale: CampusLocale): string {
  if (fd?.kind !== 'ref' || !fd.ref || v === undefined || v === null) return fieldText(fd, v, locale);
  const r = refs(ENTITIES[fd.ref], v);
  return r ? fieldRefLabel(fd, r) : '';
}

/** The reference columns among `columns` of `def` whose entity is in the registry. */
const refColumns = (def: EntityDef, columns: readonly string[]) =>
  columns
    .map((c) => def.fields.find((f) => f.name === c))
    .filter((fd): fd is FieldDef & { ref: string } => fd?.kind === 'ref' && Boolean(fd.ref && ENTITIES[fd.ref]));

/**
 * The ids each reference column shows, one group per server page and referenced entity, so a table asks
 * `?ids=` for exactly what a page shows (at most 100 rows, so at most 100 ids per entity).
 */
export function pageRefWants(
  def: EntityDef,
  pages: readonly { data: readonly EntityRecord[] }[],
  columns: readonly string[] = def.columns,
): RefWant[] {
  const cols = refColumns(def, columns);
  return pages.flatMap((p) => {
    const byTarget = new Map<string, unknown[]>();
    for (const fd of cols) byTarget.set(fd.ref, [...(byTarget.get(fd.ref) ?? []), ...p.data.map((r) => r[fd.name])]);
    return [...byTarget].map(([name, ids]) => ({ target: ENTITIES[name], ids }));
  });
}

/** What an `EntityPage` shows and allows beyond its entity's own definition. */
export interface EntityPageProps {
  entityName: string;
  title?: string;
  filters?: readonly string[];
  toolbar?: ReactNode;
  rowActions?: (r: EntityRecord) => ReactNode;
  /** The columns shown, when not the entity's own (`def.columns`). */
  columns?: readonly string[];
  /** What an empty list says (e.g. a link to where such records come from). */
  empty?: ReactNode;
  /** Shows the records without ADD, Edit or Delete (an admin reading a member's Faculty Contribution). */
  readOnly?: boolean;
  /** What a column shows for a record without a value there (e.g. `NBA reference` for an outcome of no program). */
  blank?: Readonly<Record<string, string>>;
  /**
   * The spec's record-page layout (Faculty Contribution): the entry form stays below the table, after a divider,
   * ready for a new entry; Edit loads a row into it. Otherwise the form opens full-screen (`FormDialog`).
   */
  inlineForm?: boolean;
  /** The ADD button's label, when not ADD (the spec's stakeholder page says 'Add Topic'). */
  addLabel?: string;
  /** A note under the page's heading (where such records come from, what is not entered here). */
  intro?: ReactNode;
  /**
   * The page's own part of the form, shown before the fields (`EntityForm`'s `before`): presets that fill fields,
   * or a watcher that fills fields from a chosen reference.
   */
  formBefore?: (form: EntityFormApi, chosen: Readonly<Record<string, unknown>>) => ReactNode;
  /** The page's own inputs for some fields of the form, by field name (a SAR section's tables). */
  formInputs?: Readonly<Record<string, FieldInputOverride>>;
  /** Called with a record just added (Courses: the new course becomes the one being worked on). */
  onCreated?: (record: EntityRecord) => void;
  /** Values a new record starts with that do not filter the list (ISE/MSE Occasions: an ISE); the person may change them. */
  startWith?: Readonly<Record<string, unknown>>;
  /** Server filters the page always applies and a new record starts with (ESE occasions: `{ kind: 'ESE' }`); not shown. */
  fixed?: Readonly<Record<string, string>>;
  /** Which of the rows read the page lists (ISE/MSE occasions leave ESE ones to their own page). */
  keep?: (r: EntityRecord) => boolean;
}

/**
 * The generic screen of a registry entity: its server-side filters (kept in the address, so a filtered list can be
 * bookmarked), a `ResponsiveTable` of the matching records read one server page (100 rows) at a time ("Load more"
 * reads the next; paging on screen, sorting and the text search work on the rows read), an ADD button opening the
 * full-screen form (`FormDialog`, prefilled with the chosen filters), and per row Edit and Delete (Delete asks first;
 * a refused delete says what still refers to the record), and History (the record's audit trail). Choices show in words, dates in the campus's format. A
 * saved record is put into the cached list (replaced in place, or first for a new one), and the table turns to it and
 * highlights it; the list is not read again. Reference columns read only the referenced records a page shows (`?ids=`). Write
 * controls show for roles that may write: admins, and faculty on records of courses they own (the server checks).
 */
export function EntityPage(props: EntityPageProps) {
  const def = useMemo(() => entity(props.entityName), [props.entityName]);
  const filterFields = useMemo(() => props.filters ?? def.filters ?? [], [props.filters, def]);
  const { canWrite, seesHistory, writesRow } = useWriteRights(def, props.readOnly);
  const [params, setParams] = useSearchParams();
  const { fixed, keep } = props;
  const filters = useMemo(() => ({ ...presentParams(params, filterFields), ...fixed }), [params, filterFields, fixed]);
  const list = useListQuery(def, filters);
  const rows = useMemo(() => (keep ? list.rows.filter(keep) : list.rows), [list.rows, keep]);
  const [search, setSearch] = useState('');
  const editor = useRecordEditor(def, Boolean(props.inlineForm) && canWrite);
  const shownColumns = props.columns ?? def.columns;
  const wants = useMemo(() => pageRefWants(def, list.data?.pages ?? [], shownColumns), [def, list.data, shownColumns]);
  const { text, nameOf, columns } = useEntityColumns(def, shownColumns, useRefRecords(wants), props.blank);
  const q = search.trim().toLowerCase();
  const shown = useMemo(
    () => (q ? rows.filter((r) => shownColumns.some((c) => text(r, c).toLowerCase().includes(q))) : rows),
    [rows, q, text, shownColumns],
  );
  const { onCreated } = props;
  const afterSave = useCallback(
    (wasNew: boolean, record: EntityRecord) => {
      editor.afterSave(wasNew, record);
      if (wasNew) onCreated?.(record);
    },
    [editor, onCreated],
  );
  const { save, askRemove } = useRecordWrites(def, nameOf, editor.saved, afterSave);
  const loading = list.isPending;
  return (
    <section>
      <div className="page-head">
        <h2>{props.title ?? def.label}</h2>
        <span className="page-tools">
          {props.toolbar}
          {canWrite ? <Button label={props.addLabel ?? 'ADD'} icon="pi pi-plus" onClick={() => editor.start('new')} /> : null}
        </span>
      </div>
      {props.intro}
      {filterFields.length ? (
        <FilterBar
          def={def}
          fields={filterFields.filter((k) => !fixed?.[k])}
          values={filters}
          onChange={(v) => setParams(Object.fromEntries(Object.entries(v).filter(([k]) => !fixed?.[k])), { replace: true })}
        />
      ) : null}
      <TableSearch
        label={`Search ${inSentence(def.label)}s`}
        value={search}
        onChange={setSearch}
        count={loading ? 'Loading…' : `${shown.length} of ${rows.length}${list.hasNextPage ? ' read; more on the server' : ''}`}
      />
      <ResponsiveTable
        label={props.title ?? def.label}
        rows={shown}
        columns={columns}
        rowKey={(r) => r.id}
        highlight={editor.last?.id}
        highlightSeq={editor.last?.n}
        empty={<p className="hint">{loading ? 'Loading…' : (props.empty ?? `No ${inSentence(def.label)} yet`)}</p>}
        actions={
          canWrite || props.rowActions || seesHistory
            ? (r: EntityRecord) => (
                <RowActions
                  def={def}
                  record={r}
                  name={nameOf(r)}
                  extra={props.rowActions}
                  history={seesHistory}
                  write={writesRow(r)}
                  onEdit={() => editor.start(r)}
                  onDelete={() => askRemove(r)}
                />
              )
            : undefined
        }
      />
      <LoadMore list={list} />
      <EntityPageForm
        def={def}
        editor={editor}
        inline={editor.inline}
        preset={{ ...props.startWith, ...filters, ...editor.carried }}
        before={props.formBefore}
        inputs={props.formInputs}
        submitting={save.isPending}
        onSubmit={async (values, record) => void (await save.mutateAsync({ values, record }))}
      />
    </section>
  );
}

/**
 * Whether the signed-in user may write records of `def` here (`canWrite`: the entity's writing roles, or faculty on
 * records of courses they own or their own records; never with `readOnly`) and see a row's history (`seesHistory`:
 * administrators for every record, others for what they may write), and whether they may edit one row (`writesRow`: a
 * faculty member their own SAR section, until approved). The server checks every write again.
 */
function useWriteRights(def: EntityDef, readOnly: boolean | undefined) {
  const profile = useAtomValue(profileAtom);
  const canWrite =
    !readOnly &&
    Boolean(
      profile && (isOneOf(def.writeRoles, profile.role) || (may(profile, 'keep-own') && (def.ownedVia || def.personal || def.ownerField))),
    );
  // A row's history (one click): those who read every member's records for every record, others for what they may write.
  const seesHistory = may(profile, 'read-every-member') || canWrite;
  // A record of an `ownerField` entity (a SAR section): faculty edit only their own, and not once it holds a value only
  // administrators give (approved); the server refuses the rest as well.
  const writesRow = (r: EntityRecord): boolean => {
    if (!canWrite || !def.ownerField || !profile || isOneOf(def.writeRoles, profile.role)) return canWrite;
    const reserved = Object.entries(def.reservedChoices ?? {}).some(([field, values]) => values.includes(textOf(r[field])));
    return r[def.ownerField] === profile.id && !reserved;
  };
  return { canWrite, seesHistory, writesRow };
}

/**
 * The choices of a record just saved that the next one added with "Save and add another" starts with: its reference
 * and choice fields (the course, a Bloom's level, a delivery method, an examination), except a field that must be
 * unique on its own and fields worked out from others. The person changes any of them before saving.
 */
export function carriedChoices(def: EntityDef, record: EntityRecord): Record<string, unknown> {
  const alone = new Set((def.unique ?? []).filter((u) => typeof u === 'string'));
  const out: Record<string, unknown> = {};
  for (const fd of def.fields)
    if (
      (fd.kind === 'ref' || fd.kind === 'enum' || fd.kind === 'multi') &&
      isWritable(fd) &&
      !alone.has(fd.name) &&
      record[fd.name] != null
    )
      out[fd.name] = record[fd.name];
  return out;
}

/**
 * The record being edited (`'new'` for ADD, null when the form is closed), whether the form holds unsaved changes,
 * and the record saved last (`last`: its id and a count of saves, so saving the same record again turns to it again).
 * `start` opens the form (full-screen, or the inline form brought into view with its first field focused), asking
 * first before giving up changes typed in the inline form; `reload` edits the record as saved now (after a 409).
 */
function useRecordEditor(def: EntityDef, inline: boolean) {
  const [editing, setEditing] = useState<EntityRecord | null | 'new'>(null);
  const [last, setLast] = useState<{ id: string; n: number } | null>(null);
  const [dirty, setDirty] = useState(false);
  const formId = useId();
  const inlineRef = useRef<HTMLDivElement>(null);
  const qc = useQueryClient();
  const close = useCallback(() => {
    setEditing(null);
    setDirty(false);
  }, []);
  const saved = useCallback((id: string) => setLast((s) => ({ id, n: (s?.n ?? 0) + 1 })), []);
  // "Save and add another" (the full-screen form adding a record): after the save, a fresh form, first field focused,
  // starting with the choices of the record just saved (its course, Bloom's level, delivery method...).
  const addAnother = useRef(false);
  const [carried, setCarried] = useState<Record<string, unknown> | null>(null);
  const afterSave = useCallback(
    (wasNew: boolean, record: EntityRecord) => {
      if (!(wasNew && addAnother.current && !inline)) {
        setCarried(null);
        return close();
      }
      setCarried(carriedChoices(def, record));
      setEditing('new');
      setDirty(false);
      requestAnimationFrame(() =>
        document
          .getElementById(formId)
          ?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea, [role="combobox"]')
          ?.focus(),
      );
    },
    [close, inline, formId, def],
  );
  // ADD and Edit: open the form (full-screen), or load the inline form and bring it into view with the first field
  // focused; changes typed there are given up only on request.
  const start = (next: EntityRecord | 'new') => {
    const go = () => {
      setCarried(null);
      setEditing(next);
      setDirty(false);
      if (inline)
        requestAnimationFrame(() => {
          inlineRef.current?.scrollIntoView({ block: 'start' });
          inlineRef.current?.querySelector<HTMLElement>('input, textarea, select, [tabindex="0"]')?.focus();
        });
    };
    if (inline && dirty)
      confirmDialog({
        message: 'Discard the changes in the form?',
        header: 'Discard changes',
        acceptLabel: 'Discard',
        rejectLabel: 'Keep editing',
        accept: go,
      });
    else go();
  };
  // After a 409: read the record as saved now and edit that (what was typed is given up, on request).
  const reload = async (record: EntityRecord) => {
    const fresh: EntityRecord = await crud.get(def, record.id);
    putSaved(qc, def, fresh);
    setEditing(fresh);
    setDirty(false);
  };
  return { editing, last, dirty, setDirty, formId, inline, inlineRef, close, saved, afterSave, addAnother, carried, start, reload };
}

/**
 * The table's columns of `shownColumns` (`text(r, c)`: what a cell shows; `blank[c]` for an empty one) and a row's
 * name for its buttons and the delete question: its display field, else its first column as shown (a methodology is
 * named by its program), at most 60 characters.
 */
function useEntityColumns(
  def: EntityDef,
  shownColumns: readonly string[],
  refs: Lookup,
  blank: Readonly<Record<string, string>> | undefined,
) {
  const locale = useLocale();
  const text = useCallback(
    (r: EntityRecord, c: string) =>
      cellText(
        def.fields.find((f) => f.name === c),
        r[c],
        refs,
        locale,
      ),
    [def, refs, locale],
  );
  const nameOf = (r: EntityRecord) => {
    const own = r[def.display ?? 'name'];
    if (own !== undefined && own !== null && own !== '') return String(own).slice(0, 60);
    const first = shownColumns[0];
    return first ? text(r, first).slice(0, 60) : '';
  };
  const columns = useMemo(
    () =>
      shownColumns.map((c): TableColumn<EntityRecord> => {
        const fd = def.fields.find((f) => f.name === c);
        return {
          key: c,
          header: fd?.label ?? c,
          value: (r) => text(r, c) || blank?.[c] || '',
          // Long text and e-mail addresses take a phone card's whole width.
          wide: fd?.kind === 'text' || fd?.kind === 'html' || fd?.kind === 'email',
        };
      }),
    [def, shownColumns, text, blank],
  );
  return { text, nameOf, columns };
}

/**
 * The message of a record saved or deleted: the record named, in the spec's words ('Department "Civil Engineering"
 * successfully created').
 */
const savedMessage = (def: EntityDef, name: string, done: 'created' | 'updated' | 'deleted') =>
  `${def.label}${name ? ` "${name}"` : ''} successfully ${done}`;

/**
 * Saving and deleting records of `def`: a save (POST for a new record, PUT at the record's version for an edit) puts
 * the saved record into the cached lists, marks it (`saved`), says so and hands over to `afterSave` (closes the form,
 * or opens a fresh one after "Save and add another"; `wasNew` for a record just added); `askRemove` asks
 * before deleting a row, then takes it out of the cached lists.
 */
function useRecordWrites(
  def: EntityDef,
  nameOf: (r: EntityRecord) => string,
  saved: (id: string) => void,
  afterSave: (wasNew: boolean, record: EntityRecord) => void,
) {
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: ({ values, record }: { values: Record<string, unknown>; record: EntityRecord | null }) =>
      record ? crud.replace(def, record.id, values, record.version) : crud.create(def, values),
    onSuccess: (res, { record }) => {
      putSaved(qc, def, res.data);
      invalidateAfterWrite(qc, def);
      // The table turns to the saved record's page, marks it and scrolls it into view.
      saved(res.data.id);
      showPopup('success', savedMessage(def, nameOf(res.data), record ? 'updated' : 'created'));
      afterSave(!record, res.data);
    },
  });
  const remove = useMutation({
    mutationFn: (row: EntityRecord) => crud.remove(def, row.id),
    onSuccess: (_, row) => {
      dropDeleted(qc, def, row.id);
      invalidateAfterWrite(qc, def);
      showPopup('success', savedMessage(def, nameOf(row), 'deleted'));
    },
  });
  const askRemove = (row: EntityRecord) =>
    confirmDialog({
      message: `Delete ${inSentence(def.label)} "${nameOf(row) || row.id}"? This cannot be undone.`,
      header: 'Confirm delete',
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Delete',
      rejectLabel: 'Cancel',
      accept: () => remove.mutate(row),
    });
  return { save, askRemove };
}

/** A row's buttons: the page's own (`extra`), History (`history`), and Edit and Delete (`write`). */
function RowActions(props: {
  def: EntityDef;
  record: EntityRecord;
  name: string;
  extra?: (r: EntityRecord) => ReactNode;
  history: boolean;
  write: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { def, record: r, name } = props;
  return (
    <>
      {props.extra?.(r)}
      {props.history ? <HistoryButton entity={def.name} id={r.id} title={name || def.label} /> : null}
      {props.write ? (
        <>
          <Button icon="pi pi-pencil" rounded text aria-label={`Edit ${name}`} onClick={props.onEdit} />
          <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Delete ${name}`} onClick={props.onDelete} />
        </>
      ) : null}
    </>
  );
}

/**
 * The entry form of an entity page: inline below the table after a divider (ready for a new entry; Edit loads a row
 * into it), or full-screen (`FormDialog`) while a record is being added or edited. `preset` fills a new record's
 * fields from the list's filters; `onSubmit` saves (`record` null for a new one).
 */
function EntityPageForm(props: {
  def: EntityDef;
  editor: ReturnType<typeof useRecordEditor>;
  inline: boolean;
  preset: Readonly<Record<string, unknown>>;
  before?: (form: EntityFormApi, chosen: Readonly<Record<string, unknown>>) => ReactNode;
  inputs?: Readonly<Record<string, FieldInputOverride>>;
  submitting: boolean;
  onSubmit: (values: Record<string, unknown>, record: EntityRecord | null) => Promise<void>;
}) {
  const { def, editor } = props;
  const { editing } = editor;
  const record = editing === null || editing === 'new' ? null : editing;
  // What the form is given, inline or in the dialog.
  const formProps = {
    def,
    record,
    preset: props.preset,
    before: props.before,
    inputs: props.inputs,
    onDirtyChange: editor.setDirty,
    onReload: record === null ? undefined : () => void editor.reload(record),
    onSubmit: (values: Record<string, unknown>) => props.onSubmit(values, record),
  };
  if (props.inline)
    return (
      <>
        <Divider />
        <div ref={editor.inlineRef} className="inline-form">
          <h3>{record === null ? `Add ${inSentence(def.label)}` : `Edit ${inSentence(def.label)}`}</h3>
          <EntityForm
            key={record === null ? `new#${editor.last?.n ?? 0}` : `${record.id}@${record.version}`}
            {...formProps}
            onCancel={record !== null ? editor.close : undefined}
          />
        </div>
      </>
    );
  return (
    <FormDialog
      header={editing === 'new' ? `Add ${inSentence(def.label)}` : `Edit ${inSentence(def.label)}`}
      visible={editing !== null}
      onHide={editor.close}
      formId={editor.formId}
      dirty={editor.dirty}
      compact={isShortForm(def)}
      submitting={props.submitting}
      addAnother={
        editing === 'new'
          ? { onSubmitAndAdd: () => (editor.addAnother.current = true), onSubmitOnly: () => (editor.addAnother.current = false) }
          : undefined
      }
    >
      {editing !== null ? (
        <EntityForm
          key={record === null ? `new#${editor.last?.n ?? 0}` : `${record.id}@${record.version}`}
          id={editor.formId}
          {...formProps}
        />
      ) : null}
    </FormDialog>
  );
}

/** The search box over the rows read, with how many rows it shows (`count`, read aloud as it changes). */
function TableSearch(props: { label: string; value: string; onChange: (text: string) => void; count: string }) {
  return (
    <div className="table-search">
      <span className="p-input-icon-left">
        <InputText aria-label={props.label} placeholder="Search" value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      </span>
      <span className="row-count" aria-live="polite">
        {props.count}
      </span>
    </div>
  );
}
