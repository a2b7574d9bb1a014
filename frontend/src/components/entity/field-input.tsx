import { type EntityDef, type FieldDef, MAX_ATTACHMENTS, choiceLabel } from '@attain/shared-types';
import DOMPurify from 'dompurify';
import { Dropdown } from 'primereact/dropdown';
import { Editor } from 'primereact/editor';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { AttachmentsField } from '../files/attachments-field';
import { PhotoField } from '../files/photo-field';
import { EmailsField } from '../form/emails-field';
import { ListField } from '../form/list-field';
import { GridsField } from '../form/grids-field';
import { useLocale } from '../../lib/format/locale';
import { DateInput } from '../form/date-input';
import { AcademicYearPicker } from '../form/academic-year-picker';
import { RefPicker } from './ref-picker';

/**
 * The rich-text toolbar: formatting the sanitiser keeps (headings, bold, italic, underline, lists, links), each a named
 * button (Quill's default header picker is a `role="button"` span with no name).
 */
const EDITOR_TOOLBAR = (
  <span className="ql-formats">
    <button type="button" className="ql-header" value="2" aria-label="Heading" />
    <button type="button" className="ql-bold" aria-label="Bold" />
    <button type="button" className="ql-italic" aria-label="Italic" />
    <button type="button" className="ql-underline" aria-label="Underline" />
    <button type="button" className="ql-list" value="ordered" aria-label="Numbered list" />
    <button type="button" className="ql-list" value="bullet" aria-label="Bulleted list" />
    <button type="button" className="ql-link" aria-label="Link" />
    <button type="button" className="ql-clean" aria-label="Clear formatting" />
  </span>
);

/** A form value as the text an input shows: text as it is, nothing as '', anything else written out. */
const asText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * The input for one registry field, chosen by kind (docs/design.md "Field kinds and inputs": enum -> Dropdown, boolean -> Checkbox,
 * date -> Calendar, number -> InputNumber, reference -> picker, html -> Editor, multi -> MultiSelect, list -> rows in
 * place, file -> photo upload, files -> attachments, emails -> address chips). Controlled by react-hook-form.
 */
export function FieldInput(props: {
  field: FieldDef;
  value: unknown;
  onChange: (v: unknown) => void;
  onBlur: () => void;
  invalid: boolean;
  /** For references: the entity the field belongs to and the values chosen so far (they scope the choices). */
  def?: EntityDef;
  chosen?: Readonly<Record<string, unknown>>;
  /** The input's id (default `f-<field name>`; a list row's inputs name their row). */
  inputId?: string;
  /** For a required reference left empty: called with the one record there is to choose, so the form starts with it. */
  onOnlyChoice?: (id: string) => void;
}) {
  const { field: fd, value, onChange, onBlur, invalid } = props;
  const id = props.inputId ?? `f-${fd.name}`;
  const cls = invalid ? 'p-invalid w-full' : 'w-full';
  const locale = useLocale();
  switch (fd.kind) {
    case 'text':
      return (
        <InputTextarea
          id={id}
          className={cls}
          rows={3}
          autoResize
          value={asText(value)}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      );
    case 'html':
      return (
        <Editor
          id={id}
          style={{ height: 200 }}
          value={DOMPurify.sanitize(asText(value))}
          onTextChange={(e) => onChange(e.htmlValue ?? '')}
          onBlur={onBlur}
          headerTemplate={EDITOR_TOOLBAR}
        />
      );
    case 'int':
    case 'number':
      return (
        <InputNumber
          inputId={id}
          className={cls}
          value={typeof value === 'number' ? value : null}
          useGrouping={false}
          maxFractionDigits={fd.kind === 'int' ? 0 : 2}
          onValueChange={(e) => onChange(e.value ?? null)}
          onBlur={onBlur}
        />
      );
    case 'boolean':
      // A select (spec part 1 §4: status is toggled by a select), usable from the keyboard.
      return (
        <Dropdown
          inputId={id}
          className={cls}
          value={value ?? false}
          options={[
            { label: fd.name === 'status' ? 'Active' : 'Yes', value: true },
            { label: fd.name === 'status' ? 'Inactive' : 'No', value: false },
          ]}
          onChange={(e) => onChange(Boolean(e.value))}
          onBlur={onBlur}
        />
      );
    case 'enum':
      return (
        <Dropdown
          inputId={id}
          className={cls}
          value={value ?? null}
          options={(fd.choices ?? []).map((c) => ({ label: choiceLabel(fd, c), value: c }))}
          onChange={(e) => onChange(e.value)}
          onBlur={onBlur}
          placeholder="Select"
          showClear={!fd.required}
        />
      );
    case 'multi':
      return (
        <MultiSelect
          inputId={id}
          className={cls}
          value={Array.isArray(value) ? value : []}
          options={(fd.choices ?? []).map((c) => ({ label: choiceLabel(fd, c), value: c }))}
          // Kept in the order of the choices, so the stored list does not depend on the order of clicks.
          onChange={(e) => {
            const chosen: unknown[] = Array.isArray(e.value) ? e.value : [];
            onChange((fd.choices ?? []).filter((c) => chosen.includes(c)));
          }}
          onBlur={onBlur}
          placeholder="Select"
          display="chip"
        />
      );
    case 'list':
      return (
        <ListField
          field={fd}
          value={value}
          onChange={onChange}
          renderInput={(item, v, change, itemId) => (
            <FieldInput field={item} value={v} onChange={change} onBlur={onBlur} invalid={false} inputId={itemId} />
          )}
        />
      );
    case 'grids':
      return <GridsField id={id} value={value} onChange={onChange} />;
    case 'file':
      return <PhotoField id={id} value={value} onChange={onChange} label={fd.label} />;
    case 'emails':
      return <EmailsField id={id} value={value} onChange={onChange} onBlur={onBlur} invalid={invalid} />;
    case 'files':
      return <AttachmentsField id={id} value={value} onChange={onChange} max={fd.maxItems ?? MAX_ATTACHMENTS} />;
    case 'ref':
      return props.def ? (
        <RefPicker
          def={props.def}
          field={fd}
          value={value}
          chosen={props.chosen ?? {}}
          inputId={id}
          className={cls}
          onChange={onChange}
          onBlur={onBlur}
          filter
          showClear={!fd.required}
          onOnlyChoice={props.onOnlyChoice}
        />
      ) : null;
    case 'date':
      return <DateInput id={id} className={cls} value={value} onChange={onChange} onBlur={onBlur} locale={locale} />;
    default:
      if (fd.academicYear)
        return <AcademicYearPicker id={id} className={cls} value={value} onChange={(v) => onChange(v ?? '')} onBlur={onBlur} />;
      return (
        <InputText
          id={id}
          className={cls}
          type={fd.kind === 'email' ? 'email' : 'text'}
          value={asText(value)}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      );
  }
}
