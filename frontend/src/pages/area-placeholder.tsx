import { NAV_ENTRIES } from '../app/navigation';

/** An area whose screens are not built yet: says so plainly instead of showing an empty page. */
export default function AreaPlaceholder({ area }: { area: string }) {
  const label = NAV_ENTRIES.find((e) => e.to === `/${area}`)?.label ?? area;
  return (
    <section>
      <h2>{label}</h2>
      <p className="not-built" role="note">
        The {label} screens are not built yet. Configuration, Curriculum and Assessments are ready to use.
      </p>
    </section>
  );
}
