import { DATA_ITEMS_PREFIX } from '@atrium/contract/routes/data';
import { type AnyRoutedOperation, serviceModule } from '../../../client/define-operation.js';

/**
 * A module of one of the data services beside items (`collections`, `indexes`; docs/wire.md §14), as
 * plain data loaded on the module's first call. Generated-module rules apply (`_id` ↔ `id` renames,
 * SDKError); each call's gateway header names `<service>.<Method>` and the service's entity.
 */
export const dataServiceModule = <Ops extends Record<string, AnyRoutedOperation>>(
  service: string,
  entity: string,
  operations: Ops,
) =>
  serviceModule(
    { packageName: '@atrium/sdk/data', prefix: DATA_ITEMS_PREFIX, renameSystemKeys: true },
    (method: string) => ({
      methodFqn: `com.wixpress.cloud.data.api.${service}.${method}`,
      entity: `wix.data.v2.${entity}`,
    }),
    operations,
  );
