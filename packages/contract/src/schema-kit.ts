import Type, { type TProperties, type TSchema } from 'typebox';

/**
 * The building blocks the wire's schema files share (not exported from the package): objects that
 * tolerate fields this version does not know (the wire grows), optional and nullable fields, string
 * enumerations and the common scalars.
 */
export const Loose = <T extends TProperties>(props: T) => Type.Object(props, { additionalProperties: true });
export const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An optional field that `null` clears. */
export const Clearable = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));
export const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));
export const Text = (maxLength: number) => Type.String({ maxLength });
export const AnyObject = Type.Record(Type.String(), Type.Unknown());
export const DateTime = Type.String({ format: 'date-time', maxLength: 64 });
export const OptionalString = Type.Optional(Type.String());
export const OptionalBoolean = Type.Optional(Type.Boolean());
