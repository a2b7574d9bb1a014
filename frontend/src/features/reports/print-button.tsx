import { Button } from 'primereact/button';

/** "Print": the browser's print dialog; the print stylesheet leaves out the app's frame, pickers and buttons. */
export function PrintButton({ disabled }: { disabled?: boolean }) {
  return <Button label="Print" icon="pi pi-print" outlined size="small" disabled={disabled} onClick={() => window.print()} />;
}
