import type { ReportView } from '@attain/shared-types';
import { ReportTableView } from './report-table-view';

/**
 * A report as the server made it (`ReportView`): the lines saying what it was asked for, then each section's title,
 * its texts (heading and paragraphs) and its tables; the report's `empty` sentence when it has no section. Exports
 * are named `<report>-<table id>`.
 */
export function ReportBody({ view }: { view: ReportView }) {
  return (
    <div className="report-body">
      {view.context.length ? (
        <ul className="report-context" aria-label="Report for">
          {view.context.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
      {view.sections.length ? (
        view.sections.map((s) => (
          <section key={s.id} className="report-section" aria-labelledby={`section-${s.id}`}>
            <h3 id={`section-${s.id}`}>{s.title}</h3>
            {s.texts?.map((t) => (
              <div key={t.title} className="report-text">
                <h4>{t.title}</h4>
                {t.paragraphs.map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            ))}
            {s.tables.map((t) => (
              <ReportTableView key={t.id} table={t} fileBase={view.report} />
            ))}
          </section>
        ))
      ) : (
        <p className="hint report-empty">{view.empty ?? 'Nothing to show for these choices.'}</p>
      )}
    </div>
  );
}
