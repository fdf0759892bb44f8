// The one Node API the connect entry uses beyond the interceptors, declared here because the SDK is
// type-checked without Node's types (tsconfig.json `types: []`).
declare module 'node:module' {
  export function syncBuiltinESMExports(): void;
}
