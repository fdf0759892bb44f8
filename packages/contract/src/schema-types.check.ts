import type { Static } from 'typebox';
import type * as Schemas from './index.js';
import type * as Types from './types.js';

// Compile-time only (checked by `npm run lint`): each schema's static type equals its plain
// interface in types.ts. A mismatch fails type checking with the name of the pair.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type SchemaTypeChecks = [
  Expect<Equal<Static<typeof Schemas.FieldViolation>, Types.FieldViolation>>,
  Expect<Equal<Static<typeof Schemas.ApplicationError>, Types.ApplicationError>>,
  Expect<Equal<Static<typeof Schemas.ErrorBody>, Types.ErrorBody>>,
  Expect<Equal<Static<typeof Schemas.TokenResponse>, Types.TokenResponse>>,
  Expect<Equal<Static<typeof Schemas.AuthRequest>, Types.AuthRequest>>,
  Expect<Equal<Static<typeof Schemas.CreateRedirectSessionRequest>, Types.CreateRedirectSessionRequest>>,
  Expect<Equal<Static<typeof Schemas.RedirectSession>, Types.RedirectSession>>,
  Expect<Equal<Static<typeof Schemas.CreateRedirectSessionResponse>, Types.CreateRedirectSessionResponse>>,
  Expect<Equal<Static<typeof Schemas.RegisterRequest>, Types.RegisterRequest>>,
  Expect<Equal<Static<typeof Schemas.LoginRequest>, Types.LoginRequest>>,
  Expect<Equal<Static<typeof Schemas.SignOnRequest>, Types.SignOnRequest>>,
  Expect<Equal<Static<typeof Schemas.ChangePasswordRequest>, Types.ChangePasswordRequest>>,
  Expect<Equal<Static<typeof Schemas.ValidateEmailRequest>, Types.ValidateEmailRequest>>,
  Expect<Equal<Static<typeof Schemas.VerifyFactorRequest>, Types.VerifyFactorRequest>>,
  Expect<Equal<Static<typeof Schemas.StartVerificationRequest>, Types.StartVerificationRequest>>,
  Expect<
    Equal<Static<typeof Schemas.VerifyDuringAuthenticationRequest>, Types.VerifyDuringAuthenticationRequest>
  >,
  Expect<
    Equal<Static<typeof Schemas.ResendDuringAuthenticationRequest>, Types.ResendDuringAuthenticationRequest>
  >,
  Expect<Equal<Static<typeof Schemas.SendRecoveryEmailRequest>, Types.SendRecoveryEmailRequest>>,
  Expect<Equal<Static<typeof Schemas.SendActivationEmailRequest>, Types.SendActivationEmailRequest>>,
  Expect<Equal<Static<typeof Schemas.RecoverRequest>, Types.RecoverRequest>>,
  Expect<Equal<Static<typeof Schemas.SitePolicy>, Types.SitePolicy>>,
  Expect<Equal<Static<typeof Schemas.EnrollFactorRequest>, Types.EnrollFactorRequest>>,
  // Data collections (data.ts)
  Expect<Equal<Static<typeof Schemas.DataSort>, Types.DataSort>>,
  Expect<Equal<Static<typeof Schemas.DataPaging>, Types.DataPaging>>,
  Expect<Equal<Static<typeof Schemas.DataCursorPaging>, Types.DataCursorPaging>>,
  Expect<Equal<Static<typeof Schemas.DataItemInput>, Types.DataItemInput>>,
  Expect<Equal<Static<typeof Schemas.DataQuery>, Types.DataQuery>>,
  Expect<Equal<Static<typeof Schemas.IncludeReference>, Types.IncludeReference>>,
  Expect<Equal<Static<typeof Schemas.WriteCondition>, Types.WriteCondition>>,
  Expect<Equal<Static<typeof Schemas.GetDataItemRequest>, Types.GetDataItemRequest>>,
  Expect<Equal<Static<typeof Schemas.InsertDataItemRequest>, Types.InsertDataItemRequest>>,
  Expect<Equal<Static<typeof Schemas.UpdateDataItemRequest>, Types.UpdateDataItemRequest>>,
  Expect<Equal<Static<typeof Schemas.SaveDataItemRequest>, Types.SaveDataItemRequest>>,
  Expect<Equal<Static<typeof Schemas.FieldModification>, Types.FieldModification>>,
  Expect<Equal<Static<typeof Schemas.DataItemPatch>, Types.DataItemPatch>>,
  Expect<Equal<Static<typeof Schemas.PatchDataItemRequest>, Types.PatchDataItemRequest>>,
  Expect<Equal<Static<typeof Schemas.RemoveDataItemRequest>, Types.RemoveDataItemRequest>>,
  Expect<Equal<Static<typeof Schemas.TruncateDataItemsRequest>, Types.TruncateDataItemsRequest>>,
  Expect<Equal<Static<typeof Schemas.CountDataItemsRequest>, Types.CountDataItemsRequest>>,
  Expect<Equal<Static<typeof Schemas.QueryDataItemsRequest>, Types.QueryDataItemsRequest>>,
  Expect<Equal<Static<typeof Schemas.QueryDistinctValuesRequest>, Types.QueryDistinctValuesRequest>>,
  Expect<Equal<Static<typeof Schemas.AggregationOperation>, Types.AggregationOperation>>,
  Expect<Equal<Static<typeof Schemas.AggregateDataItemsRequest>, Types.AggregateDataItemsRequest>>,
  Expect<Equal<Static<typeof Schemas.SearchDataItemsRequest>, Types.SearchDataItemsRequest>>,
  Expect<
    Equal<Static<typeof Schemas.QueryReferencedDataItemsRequest>, Types.QueryReferencedDataItemsRequest>
  >,
  Expect<Equal<Static<typeof Schemas.DataItemReference>, Types.DataItemReference>>,
  Expect<Equal<Static<typeof Schemas.DataItemReferencesRequest>, Types.DataItemReferencesRequest>>,
  Expect<
    Equal<Static<typeof Schemas.ReplaceDataItemReferencesRequest>, Types.ReplaceDataItemReferencesRequest>
  >,
  Expect<Equal<Static<typeof Schemas.IsReferencedDataItemRequest>, Types.IsReferencedDataItemRequest>>,
  Expect<Equal<Static<typeof Schemas.BulkWriteDataItemsRequest>, Types.BulkWriteDataItemsRequest>>,
  Expect<Equal<Static<typeof Schemas.BulkRemoveDataItemsRequest>, Types.BulkRemoveDataItemsRequest>>,
  Expect<Equal<Static<typeof Schemas.BulkPatchDataItemsRequest>, Types.BulkPatchDataItemsRequest>>,
  Expect<Equal<Static<typeof Schemas.CollectionPermissions>, Types.CollectionPermissions>>,
  Expect<Equal<Static<typeof Schemas.DataFieldTypeMetadata>, Types.DataFieldTypeMetadata>>,
  Expect<Equal<Static<typeof Schemas.DataCollectionField>, Types.DataCollectionField>>,
  Expect<Equal<Static<typeof Schemas.DataCollectionInput>, Types.DataCollectionInput>>,
  Expect<Equal<Static<typeof Schemas.DataCollectionRequest>, Types.DataCollectionRequest>>,
  Expect<Equal<Static<typeof Schemas.DataIndexField>, Types.DataIndexField>>,
  Expect<Equal<Static<typeof Schemas.DataIndexInput>, Types.DataIndexInput>>,
  Expect<Equal<Static<typeof Schemas.CreateDataIndexRequest>, Types.CreateDataIndexRequest>>,
  Expect<Equal<Static<typeof Schemas.MemberRolesRequest>, Types.MemberRolesRequest>>,
  Expect<Equal<Static<typeof Schemas.DataFilter>, Types.DataFilter>>,
  Expect<Equal<Static<typeof Schemas.SortOrder>, Types.SortOrder>>,
  Expect<Equal<Static<typeof Schemas.CollectionRole>, Types.CollectionRole>>,
  Expect<Equal<Static<typeof Schemas.DataFieldType>, Types.DataFieldType>>,
];
