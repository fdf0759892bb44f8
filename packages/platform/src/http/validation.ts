import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The validator of every route's schemas (TypeBox, compiled once per route and part). Bodies are
 * checked as they are. Path parameters and query strings are text, so values are first converted
 * where the schema asks for another type, strictly: an integer is decimal digits (`1.5`, `0x10`,
 * `1e2` and the empty string are not), a number is a finite decimal, a boolean is `true` or
 * `false`, and one occurrence of a list parameter is a list of one. Anything else is left as it
 * is, so the check fails and the answer names the parameter.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  const convert = httpPart === 'body' ? undefined : converterOf(schema);
  return (value: unknown) => {
    const converted = convert === undefined ? value : convert(value);
    if (check.Check(converted)) return { value: converted };
    return { error: [...check.Errors(converted)] as never };
  };
};

type Converter = (value: unknown) => unknown;

interface Node {
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, Node>;
  readonly items?: Node;
  readonly anyOf?: readonly Node[];
}

const INTEGER = /^-?\d{1,16}$/;
const NUMBER = /^-?\d{1,300}(\.\d{1,300})?([eE][-+]?\d{1,3})?$/;

function converterOf(schema: unknown): Converter | undefined {
  const node = schema as Node;
  if (node.properties === undefined) return undefined;
  const fields = Object.entries(node.properties).map(
    ([key, property]) => [key, scalarConverter(property)] as const,
  );
  return (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, convert] of fields) {
      if (key in copy && convert !== undefined) copy[key] = convert(copy[key]);
    }
    return copy;
  };
}

function scalarConverter(node: Node): Converter | undefined {
  const types = typesOf(node);
  if (types.has('array')) {
    const item = node.items === undefined ? undefined : scalarConverter(node.items);
    return (value) => {
      const list = Array.isArray(value) ? value : [value];
      return item === undefined ? list : list.map(item);
    };
  }
  if (types.has('integer'))
    return (value) => (typeof value === 'string' && INTEGER.test(value) ? Number(value) : value);
  if (types.has('number')) {
    return (value) => {
      if (typeof value !== 'string' || !NUMBER.test(value)) return value;
      const number = Number(value);
      return Number.isFinite(number) ? number : value;
    };
  }
  if (types.has('boolean')) return (value) => (value === 'true' ? true : value === 'false' ? false : value);
  return undefined;
}

function typesOf(node: Node): Set<string> {
  const types = new Set<string>();
  for (const option of [node, ...(node.anyOf ?? [])]) {
    for (const type of [option.type ?? []].flat()) types.add(type);
  }
  return types;
}
