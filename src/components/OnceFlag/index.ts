/**
 * A flag for the whole page that turns true once and stays true, with a hook that re-renders its
 * components when it turns: the mobile menu wanted (src/components/MobileMenuIntent), the head's
 * elements mounted (src/plugins/head-after-hydration).
 */
import { useSyncExternalStore } from 'react';

export interface OnceFlag {
  isSet(): boolean;
  /** Turns the flag true and re-renders every component that reads it; later calls do nothing. */
  set(): void;
  /** The flag in a component; `serverValue` is what the server render and the hydration read. */
  useValue(serverValue: boolean): boolean;
}

export function createOnceFlag(): OnceFlag {
  let value = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const read = () => value;
  return {
    isSet: read,
    set() {
      if (value) return;
      value = true;
      for (const listener of listeners) listener();
    },
    useValue: (serverValue) => useSyncExternalStore(subscribe, read, () => serverValue),
  };
}
