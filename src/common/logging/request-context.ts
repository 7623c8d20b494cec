import { AsyncLocalStorage } from 'node:async_hooks';

/** The request a piece of work belongs to: its id is put on every log line written while it runs. */
export interface RequestScope {
  id: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
