/**
 * A valid-looking value for a JSON schema (TypeBox schemas are JSON schemas): every property,
 * optional ones too, one element per array, the first choice of a union. The fuzz suite mutates
 * such samples so that malformed values reach past the shape checks into the services.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

interface Schema {
  readonly type?: string | readonly string[];
  readonly const?: JsonValue;
  readonly enum?: readonly JsonValue[];
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly properties?: Record<string, Schema>;
  readonly patternProperties?: Record<string, Schema>;
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema | readonly Schema[];
  readonly prefixItems?: readonly Schema[];
  readonly minItems?: number;
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly format?: string;
  readonly pattern?: string;
}

const SAMPLE_UUID = '2f1c1f4e-9b1a-4c8e-8a55-0a1b2c3d4e5f';

export function sampleOf(schema: unknown, depth = 0): JsonValue {
  const s = (schema ?? {}) as Schema;
  if (depth > 12) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum !== undefined && s.enum.length > 0) return s.enum[0]!;
  const choices = s.anyOf ?? s.oneOf;
  if (choices !== undefined && choices.length > 0) {
    const useful = choices.find((choice) => choice.type !== 'null') ?? choices[0];
    return sampleOf(useful, depth + 1);
  }
  if (s.allOf !== undefined) {
    return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, depth + 1)).filter(isObject));
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
  switch (type) {
    case 'object': {
      const value: Record<string, JsonValue> = {};
      for (const [key, property] of Object.entries(s.properties ?? {}))
        value[key] = sampleOf(property, depth + 1);
      const extra = Object.values(s.patternProperties ?? {})[0] ?? s.additionalProperties;
      if (typeof extra === 'object' && Object.keys(value).length === 0)
        value.key = sampleOf(extra, depth + 1);
      return value;
    }
    case 'array': {
      if (s.prefixItems !== undefined) return s.prefixItems.map((item) => sampleOf(item, depth + 1));
      if (Array.isArray(s.items)) return s.items.map((item) => sampleOf(item, depth + 1));
      return [sampleOf(s.items, depth + 1)];
    }
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function sampleString(s: Schema): string {
  switch (s.format) {
    case 'uuid':
      return SAMPLE_UUID;
    case 'date-time':
      return '2026-01-02T03:04:05.000Z';
    case 'date':
      return '2026-01-02';
    case 'email':
      return 'someone@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/a';
    default: {
      const length = Math.max(1, s.minLength ?? 1);
      return 'x'.repeat(Math.min(length, s.maxLength ?? length));
    }
  }
}

const isObject = (value: JsonValue): value is { [key: string]: JsonValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
