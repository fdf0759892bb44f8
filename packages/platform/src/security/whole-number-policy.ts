/**
 * A policy of whole-number settings (login throttling, e-mail rate limits): the defaults with the
 * given options over them, or a description of the first setting that is not a whole number of
 * `minimum` or more.
 */
export function resolveWholeNumbers<P extends { readonly [K in keyof P]: number }>(
  prefix: string,
  defaults: P,
  options: Partial<P>,
  minimum: number,
): P | string {
  const policy: P = { ...defaults, ...options };
  for (const [name, value] of Object.entries(policy)) {
    if (!Number.isInteger(value) || (value as number) < minimum) {
      return `${prefix}.${name} must be a whole number of ${minimum} or more, got ${value}`;
    }
  }
  return policy;
}
