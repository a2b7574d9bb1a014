import type { EntityDef } from '@attain/shared-types';
import { Dropdown } from 'primereact/dropdown';
import type { RefOption } from './field-input';
import { narrowOptions } from './use-ref-options';

/**
 * The list filters of an entity (spec: department, program, curriculum, term, course, category): one picker each,
 * narrowed by the others (a curriculum's terms, a term's courses). Changing one clears the pickers it narrows.
 */
export function FilterBar(props: {
  def: EntityDef;
  fields: readonly string[];
  values: Record<string, string>;
  options: Record<string, RefOption[]>;
  onChange: (values: Record<string, string>) => void;
}) {
  const { def, fields, values } = props;
  const refKeys = fields.filter((f) => def.fields.find((x) => x.name === f)?.kind === 'ref');
  return (
    <div className="filter-bar" role="search" aria-label={`Filter ${def.label.toLowerCase()}s`}>
      {fields.map((name, i) => {
        const fd = def.fields.find((x) => x.name === name);
        if (!fd) return null;
        const options =
          fd.kind === 'enum'
            ? (fd.choices ?? []).map((c) => ({ value: String(c), label: String(c) }))
            : narrowOptions(props.options[name], values, name, refKeys);
        return (
          <span key={name} className="filter">
            <label htmlFor={`filter-${name}`}>{fd.label}</label>
            <Dropdown
              inputId={`filter-${name}`}
              value={values[name] ?? null}
              options={options}
              placeholder="All"
              showClear
              filter={options.length > 10}
              onChange={(e) => {
                const next = { ...values };
                if (e.value) next[name] = e.value;
                else delete next[name];
                // Later pickers depend on earlier ones: clear them when an earlier choice changes.
                for (const later of fields.slice(i + 1)) delete next[later];
                props.onChange(next);
              }}
            />
          </span>
        );
      })}
    </div>
  );
}
