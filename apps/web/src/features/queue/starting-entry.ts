import { useState, useSyncExternalStore } from 'react';

/**
 * Which entry's Start Care is in flight, held outside React state so that setting it renders only
 * what reads it (the one card concerned, or the open details), not the whole Queue Manager.
 */
export interface StartingEntry {
  get(): string | null;
  set(id: string | null): void;
  subscribe(listener: () => void): () => void;
}

function createStartingEntry(): StartingEntry {
  let current: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(id) {
      if (id === current) return;
      current = id;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One store per Queue Manager, kept for its lifetime. */
export function useStartingEntryStore(): StartingEntry {
  const [store] = useState(createStartingEntry);
  return store;
}

const NO_SUBSCRIPTION = () => () => {};

/** True while Start Care of entry `id` is in flight; false without a store or an id. */
export function useIsStarting(store: StartingEntry | undefined, id: string | null): boolean {
  return useSyncExternalStore(store ? store.subscribe : NO_SUBSCRIPTION, () => id !== null && store?.get() === id);
}
