/** Named in the gateway header of every identity call. */
export const IDENTITY_PACKAGE = '@atrium/sdk/identity';
