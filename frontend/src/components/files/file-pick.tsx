import type { RefObject } from 'react';

/**
 * A button-styled file picker (the native input laid over it, so the keyboard, a screen reader and a phone's file
 * chooser all work): `onPick` gets the chosen file, or undefined when the choice is cleared.
 * @param inputRef lets the caller clear the choice after a save
 */
export function FilePick(props: {
  label: string;
  ariaLabel: string;
  accept: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <label className="p-button p-button-outlined file-pick">
      <i className="pi pi-upload" aria-hidden /> {props.label}
      <input
        ref={props.inputRef}
        type="file"
        accept={props.accept}
        aria-label={props.ariaLabel}
        onChange={(e) => props.onPick(e.target.files?.[0])}
      />
    </label>
  );
}
