/**
 * One route of the local platform's admin API, declared once: its method and path template, with
 * the types of its answer, body and query carried at compile time only. The platform registers its
 * route at `path`; the console's client (platform/src/pages/app/kit/admin-client.ts) derives each
 * call's types from it, so that an answer changed on one side fails type checking on the other.
 * Plain constants, no schema library: anything may import them.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query string's values (absent ones are left out). */
export type QueryValues = Record<string, string | number | boolean | undefined>;

export interface Endpoint<
  Answer = unknown,
  Body = undefined,
  Query = undefined,
  Path extends string = string,
> {
  readonly method: Method;
  /** The full path (with ADMIN_PREFIX), `{name}` for each path parameter. */
  readonly path: Path;
  /** Never set: the types of the call. */
  readonly types?: { readonly answer: Answer; readonly body: Body; readonly query: Query };
}

/**
 * Declares an endpoint: `endpoint<Answer, Body, Query>()('POST', `${ADMIN_PREFIX}/v1/x/{id}`)`.
 * Two steps so that the path's literal type (and with it the names of its parameters) is inferred
 * while the answer's type is given.
 */
export const endpoint =
  <Answer, Body = undefined, Query = undefined>() =>
  <const Path extends string>(method: Method, path: Path): Endpoint<Answer, Body, Query, Path> => ({
    method,
    path,
  });

/** The names of a path template's parameters: `/v1/x/{id}/y/{other}` → `{ id: string; other: string }`. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name]: string } & PathParams<Rest>
  : // biome-ignore lint/complexity/noBannedTypes: no parameters
    {};

/** The path below ADMIN_PREFIX (what the platform's Fastify plugin, mounted at the prefix, registers). */
export const relativePath = (path: string, prefix: string): string =>
  path.startsWith(prefix) ? path.slice(prefix.length) : path;
