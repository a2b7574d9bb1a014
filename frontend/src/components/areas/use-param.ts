import { useSearchParams } from 'react-router-dom';

/** One URL parameter as state (`?name=`), replaced rather than pushed; an empty value leaves it out. */
export function useParam(name: string): [string | undefined, (v: string | null | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? undefined;
  const set = (v: string | null | undefined) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v) n.set(name, v);
        else n.delete(name);
        return n;
      },
      { replace: true },
    );
  return [value, set];
}
