/**
 * A first-come, first-served lock. PGlite is a single connection: a transaction must hold it from
 * BEGIN to COMMIT, or statements of concurrent requests would run inside someone else's transaction.
 */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for every earlier holder to release, then resolves with this holder's release function. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return acquired;
  }
}
