import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Work typed and not yet saved, as a page registers it (`useUnsavedChanges`): what it is, in people's words ("the
 * marks of ISE 1"), and how to save it from outside the page (resolves true when saved; absent when only the page's
 * own button can save it).
 */
export interface UnsavedWork {
  what: string;
  save?: () => Promise<boolean>;
}

/** Every page's unsaved work at this moment; the guard and sign-out read it. */
const unsaved = new Set<UnsavedWork>();
const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version++;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * Registers a page's unsaved work while `dirty`: leaving the page (a menu link, the browser's back, signing out)
 * asks first (Save / Discard / Stay), and closing or reloading the tab gets the browser's own question.
 * @param work what is unsaved and how to save it; read when asked, so it may change every render
 */
export function useUnsavedChanges(dirty: boolean, work: UnsavedWork): void {
  const latest = useRef(work);
  latest.current = work;
  useEffect(() => {
    if (!dirty) return;
    const entry: UnsavedWork = {
      get what() {
        return latest.current.what;
      },
      get save() {
        return latest.current.save;
      },
    };
    unsaved.add(entry);
    changed();
    return () => {
      unsaved.delete(entry);
      changed();
    };
  }, [dirty]);
}

type Answer = (leave: boolean) => void;
let ask: ((resolve: Answer) => void) | null = null;

/**
 * Asks the person before their unsaved work is left behind, when there is any: Save (each piece saved; leaving only
 * when every save succeeded), Discard, or Stay. Resolves true when leaving may go on.
 * Needs the guard (`UnsavedChangesGuard`) mounted; without it, unsaved work is never given up silently (false).
 */
export function askBeforeLeaving(): Promise<boolean> {
  if (!unsaved.size) return Promise.resolve(true);
  if (!ask) return Promise.resolve(false);
  const open = ask;
  return new Promise((resolve) =>
    open((leave) => {
      // Left behind (saved or discarded): the pages going away take nothing more to ask about.
      if (leave) {
        unsaved.clear();
        changed();
      }
      resolve(leave);
    }),
  );
}

/**
 * The one guard of the signed-in app: blocks a move to another page or another record of it (a menu link, a picker
 * that changes the address's query, the browser's back and forward) while work is unsaved and asks Save / Discard /
 * Stay; asks the browser to confirm closing or reloading the tab. Mounted once, inside the router.
 */
export function UnsavedChangesGuard() {
  useSyncExternalStore(subscribe, () => version);
  const dirty = unsaved.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved.size > 0 && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const [pending, setPending] = useState<Answer | null>(null);
  const open = useRef<Answer | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // A second question while one is open (signing out from the dialog's page) answers the first with Stay.
    ask = (resolve) => {
      open.current?.(false);
      open.current = resolve;
      setPending(() => resolve);
    };
    return () => {
      ask = null;
    };
  }, []);

  // Asked once per blocked move (the blocker object is new at every render; its state says when a move is held).
  const held = useRef(blocker);
  held.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void askBeforeLeaving().then((leave) => {
      if (held.current.state !== 'blocked') return;
      if (leave) held.current.proceed();
      else held.current.reset();
    });
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show their question only when a return value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const answer = (leave: boolean) => {
    open.current = null;
    pending?.(leave);
    setPending(null);
  };
  const saveAll = async () => {
    setSaving(true);
    try {
      const results = await Promise.all([...unsaved].map((w) => (w.save ? w.save() : Promise.resolve(false))));
      answer(results.every(Boolean));
    } catch {
      answer(false);
    } finally {
      setSaving(false);
    }
  };
  const work = [...unsaved];
  const canSave = work.length > 0 && work.every((w) => w.save);
  return (
    <Dialog
      visible={pending !== null}
      onHide={() => answer(false)}
      header="Save your changes?"
      className="unsaved-dialog"
      modal
      footer={
        <div className="unsaved-actions">
          {canSave ? <Button label="Save" icon="pi pi-check" loading={saving} onClick={() => void saveAll()} autoFocus /> : null}
          <Button label="Discard" icon="pi pi-trash" severity="danger" outlined disabled={saving} onClick={() => answer(true)} />
          <Button label="Stay" severity="secondary" text disabled={saving} onClick={() => answer(false)} autoFocus={!canSave} />
        </div>
      }
    >
      <p>
        {work.length === 1 ? `${capitalise(work[0].what)} has` : `${work.map((w) => w.what).join(', ')} have`} changes that are not saved.
        {canSave ? ' Save them before you leave, discard them, or stay on this page.' : ' Discard them, or stay on this page to save them.'}
      </p>
    </Dialog>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
