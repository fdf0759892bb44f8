/** What `call` throws, or undefined when it returns: for tests that look into the error itself. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}
