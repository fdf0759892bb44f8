/**
 * In-process wake-up of the delivery loops: `recordEvent` rings it; a loop then looks for due
 * deliveries a moment later (the recording transaction has usually committed by then; if not, the
 * loop's regular poll finds the event). Several platforms in one process share it harmlessly.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export const eventsRecorded = {
  notify(): void {
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
