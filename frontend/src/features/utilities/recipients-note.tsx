/** Who a recipient picker added to To: one sentence, and the people with what they are (a designation, a roll number). */
export interface RecipientsAdded {
  text: string;
  people: { key: string; name: string; detail?: string; email?: string }[];
}

/** People listed under "Who" before the rest are only counted. */
const LISTED = 100;

/** What a recipient picker did ("Added 12 faculty of CSE"), with the people it found under "Who". */
export function RecipientsNote({ note }: { note: RecipientsAdded }) {
  const more = note.people.length - LISTED;
  return (
    <div className="recipients-note" role="status">
      <p>
        <i className="pi pi-info-circle" aria-hidden /> {note.text}
      </p>
      {note.people.length ? (
        <details>
          <summary>Who</summary>
          <ul>
            {note.people.slice(0, LISTED).map((p) => (
              <li key={p.key}>
                {p.name}
                {p.detail ? `, ${p.detail}` : ''} <span className="hint">{p.email ?? 'no e-mail address'}</span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="hint">{`and ${more} more`}</p> : null}
        </details>
      ) : null}
    </div>
  );
}
