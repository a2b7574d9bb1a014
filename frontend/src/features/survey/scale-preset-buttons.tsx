import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { EntityFormApi } from '../../components/entity/entity-form';
import { SCALE_PRESETS, type ScalePreset } from './scale-presets';

/** Whether a scale in the form has anything typed into it. */
const hasPoints = (v: unknown): boolean =>
  Array.isArray(v) && v.some((p: { label?: unknown; weight?: unknown }) => String(p?.label ?? '').trim() || p?.weight != null);

/**
 * "Start the rating scale from" buttons of the template form: each fills the scale's rows with a preset
 * (`SCALE_PRESETS`), after asking when the scale already has points.
 */
export function ScalePresetButtons({ form }: { form: EntityFormApi }) {
  const fill = (preset: ScalePreset) =>
    form.setValue(
      'scale',
      preset.scale.map((p) => ({ ...p })),
      { shouldDirty: true, shouldTouch: true, shouldValidate: true },
    );
  const choose = (preset: ScalePreset) =>
    hasPoints(form.getValues('scale'))
      ? confirmDialog({
          header: 'Replace the rating scale?',
          message: `Replace the points of the rating scale with the ${preset.label.toLowerCase()} scale?`,
          acceptLabel: 'Replace',
          rejectLabel: 'Keep mine',
          defaultFocus: 'reject',
          accept: () => fill(preset),
        })
      : fill(preset);
  return (
    <div className="scale-presets" role="group" aria-label="Start the rating scale from">
      <span>Start the rating scale from:</span>
      {SCALE_PRESETS.map((p) => (
        <Button
          key={p.label}
          type="button"
          size="small"
          outlined
          label={p.label}
          aria-label={`${p.label} scale (${p.scale.map((x) => `${x.label} ${x.weight}`).join(', ')})`}
          onClick={() => choose(p)}
        />
      ))}
    </div>
  );
}
