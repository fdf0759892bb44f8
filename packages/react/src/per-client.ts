/**
 * `bind` made once per client and shared by every later call: the SDK modules the hooks import on
 * first use (bundle size) are bound to each client once. A binding that failed (a chunk that did
 * not load) is made again by the next call.
 */
export function perClient<Client extends object, Binding>(
  bind: (client: Client) => Promise<Binding>,
): (client: Client) => Promise<Binding> {
  const bindings = new WeakMap<Client, Promise<Binding>>();
  return (client) => {
    let binding = bindings.get(client);
    if (!binding) {
      binding = bind(client);
      binding.catch(() => bindings.delete(client));
      bindings.set(client, binding);
    }
    return binding;
  };
}
