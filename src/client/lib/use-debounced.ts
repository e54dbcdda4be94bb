import { useEffect, useState } from 'react';

/** `value`, once it has held still for `ms` (search boxes ask the server after typing pauses). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}
