'use client';
// False in the server-rendered HTML and during hydration, true once React runs in the browser. Forms that
// carry a secret keep their submit button disabled until then: a native submit before hydration would send
// the fields as a plain form (and, without `method="post"`, put them in the URL).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
