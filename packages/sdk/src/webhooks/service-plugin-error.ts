/**
 * The error a service plugin implementation throws to answer with an application error
 * (docs/blog-wire.md §C.7): `client.servicePlugins.processRequest` answers its `httpCode` with
 * `{ "applicationError": { "code": applicationCode, "data": data } }`. The processing code knows
 * it by shape (`errorType: 'SPI'` and an integer `httpCode`), as it knows the reference's errors
 * (`ItemNotFoundWixError` …), so both work with either client.
 */
export interface ServicePluginErrorOptions {
  /** The HTTP status of the answer, e.g. 404. */
  httpCode: number;
  /** The application error code, e.g. `ITEM_NOT_FOUND`. */
  applicationCode: string;
  /** The error's name and message, e.g. `ItemNotFound`; `applicationCode` by default. */
  name?: string;
  /** The gRPC-style status name, e.g. `NOT_FOUND`. */
  statusCode?: string;
  /** The application error's data, sent in the answer. */
  data?: unknown;
  /** The schema the data follows, when the service plugin declares one. */
  errorSchemaName?: string;
}

export class ServicePluginError extends Error {
  readonly errorType = 'SPI' as const;
  readonly httpCode: number;
  readonly statusCode: string | undefined;
  readonly applicationCode: string;
  readonly errorSchemaName: string | undefined;
  readonly spiErrorData: { name: string; applicationCode: string };
  readonly data: unknown;
  constructor(options: ServicePluginErrorOptions) {
    const name = options.name ?? options.applicationCode;
    super(name);
    this.name = name;
    this.httpCode = options.httpCode;
    this.statusCode = options.statusCode;
    this.applicationCode = options.applicationCode;
    this.errorSchemaName = options.errorSchemaName;
    this.spiErrorData = { name, applicationCode: options.applicationCode };
    this.data = options.data;
  }
}
