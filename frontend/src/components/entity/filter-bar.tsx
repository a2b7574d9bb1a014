import { type EntityDef, choiceLabel, inSentence } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { RefPicker } from './ref-picker';
import { AcademicYearPicker } from '../form/academic-year-picker';

/** A text filter (e.g. a student's section), applied when the field is left or Enter is pressed. */
function TextFilter(p: { id: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const [text, setText] = useState(p.value ?? '');
  useEffect(() => setText(p.value ?? ''), [p.value]);
  const commit = () => {
    const v = text.trim() || undefined;
    if (v !== p.value) p.onChange(v);
  };
  return (
    <InputText
      id={p.id}
      value={text}
      placeholder="All"
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

/**
 * The list filters of an entity (spec: department, program, curriculum, term, course, category): one picker each.
 * A reference picker lists what the server has under the earlier choices (a curriculum's terms, a term's courses;
 * see `RefPicker`). Changing one clears the pickers after it, which depend on it.
 */
export function FilterBar(props: {
  def: EntityDef;
  fields: readonly string[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const { def, fields, values } = props;
  const set = (i: number, name: string, v: string | null | undefined) => {
    const next = { ...values };
    if (v) next[name] = v;
    else delete next[name];
    // Later pickers depend on earlier ones: clear them when an earlier choice changes.
    for (const later of fields.slice(i + 1)) delete next[later];
    props.onChange(next);
  };
  return (
    <div className="filter-bar" role="search" aria-label={`Filter ${inSentence(def.label)}s`}>
      {fields.map((name, i) => {
        const fd = def.fields.find((x) => x.name === name);
        if (!fd) return null;
        const id = `filter-${name}`;
        const choices = (fd.choices ?? []).map((c) => ({ value: String(c), label: choiceLabel(fd, c) }));
        return (
          <span key={name} className="filter">
            <label htmlFor={id}>{fd.label}</label>
            {fd.kind === 'ref' ? (
              <RefPicker
                def={def}
                field={fd}
                value={values[name]}
                chosen={values}
                inputId={id}
                placeholder="All"
                showClear
                onChange={(v) => set(i, name, v)}
              />
            ) : fd.kind === 'enum' ? (
              <Dropdown
                inputId={id}
                value={values[name] ?? null}
                options={choices}
                placeholder="All"
                showClear
                filter={choices.length > 10}
                onChange={(e) => set(i, name, e.value)}
              />
            ) : fd.academicYear ? (
              <AcademicYearPicker id={id} value={values[name]} placeholder="All" clearable onChange={(v) => set(i, name, v ?? '')} />
            ) : (
              <TextFilter id={id} value={values[name]} onChange={(v) => set(i, name, v)} />
            )}
          </span>
        );
      })}
    </div>
  );
}
