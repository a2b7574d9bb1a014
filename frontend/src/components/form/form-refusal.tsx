/**
 * A form's refusal above its fields: the server's `errors.detail` (or the form's own sentence), announced as an alert
 * with its icon; nothing when there is none.
 */
export function FormRefusal({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="form-refusal" role="alert">
      <i className="pi pi-exclamation-circle" aria-hidden />
      <span>{message}</span>
    </div>
  );
}
