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
  // Forms (forms.ts)
  Expect<Equal<Static<typeof Schemas.FormStringValidation>, Types.FormStringValidation>>,
  Expect<Equal<Static<typeof Schemas.FormNumberValidation>, Types.FormNumberValidation>>,
  Expect<Equal<Static<typeof Schemas.FormArrayValidation>, Types.FormArrayValidation>>,
  Expect<Equal<Static<typeof Schemas.FormFileValidation>, Types.FormFileValidation>>,
  Expect<Equal<Static<typeof Schemas.FormFieldValidation>, Types.FormFieldValidation>>,
  Expect<Equal<Static<typeof Schemas.FormInputOptions>, Types.FormInputOptions>>,
  Expect<Equal<Static<typeof Schemas.FormField>, Types.FormField>>,
  Expect<Equal<Static<typeof Schemas.FormLimitationRule>, Types.FormLimitationRule>>,
  Expect<Equal<Static<typeof Schemas.FormInput>, Types.FormInput>>,
  Expect<Equal<Static<typeof Schemas.FormSort>, Types.FormSort>>,
  Expect<Equal<Static<typeof Schemas.FormsCursorPaging>, Types.FormsCursorPaging>>,
  Expect<Equal<Static<typeof Schemas.FormsCursorQuery>, Types.FormsCursorQuery>>,
  Expect<Equal<Static<typeof Schemas.CreateFormRequest>, Types.CreateFormRequest>>,
  Expect<Equal<Static<typeof Schemas.UpdateFormRequest>, Types.UpdateFormRequest>>,
  Expect<Equal<Static<typeof Schemas.QueryFormsRequest>, Types.QueryFormsRequest>>,
  Expect<Equal<Static<typeof Schemas.ListFormsRequest>, Types.ListFormsRequest>>,
  Expect<Equal<Static<typeof Schemas.SubmissionTags>, Types.SubmissionTags>>,
  Expect<Equal<Static<typeof Schemas.SubmissionInput>, Types.SubmissionInput>>,
  Expect<Equal<Static<typeof Schemas.CreateSubmissionRequest>, Types.CreateSubmissionRequest>>,
  Expect<Equal<Static<typeof Schemas.UpdateSubmissionRequest>, Types.UpdateSubmissionRequest>>,
  Expect<Equal<Static<typeof Schemas.SubmissionIdRequest>, Types.SubmissionIdRequest>>,
  Expect<Equal<Static<typeof Schemas.BulkDeleteSubmissionRequest>, Types.BulkDeleteSubmissionRequest>>,
  Expect<Equal<Static<typeof Schemas.QuerySubmissionsRequest>, Types.QuerySubmissionsRequest>>,
  Expect<Equal<Static<typeof Schemas.SubmissionSearchDetails>, Types.SubmissionSearchDetails>>,
  Expect<Equal<Static<typeof Schemas.SearchSubmissionsRequest>, Types.SearchSubmissionsRequest>>,
  Expect<Equal<Static<typeof Schemas.CountSubmissionsRequest>, Types.CountSubmissionsRequest>>,
  Expect<
    Equal<Static<typeof Schemas.CountSubmissionsByFilterRequest>, Types.CountSubmissionsByFilterRequest>
  >,
  Expect<Equal<Static<typeof Schemas.ValidateFormSubmissionRequest>, Types.ValidateFormSubmissionRequest>>,
  Expect<Equal<Static<typeof Schemas.GetMediaUploadUrlRequest>, Types.GetMediaUploadUrlRequest>>,
  Expect<
    Equal<Static<typeof Schemas.BulkMarkSubmissionsAsSeenRequest>, Types.BulkMarkSubmissionsAsSeenRequest>
  >,
  Expect<
    Equal<Static<typeof Schemas.BulkUpdateSubmissionTagsRequest>, Types.BulkUpdateSubmissionTagsRequest>
  >,
  Expect<
    Equal<
      Static<typeof Schemas.BulkUpdateSubmissionTagsByFilterRequest>,
      Types.BulkUpdateSubmissionTagsByFilterRequest
    >
  >,
  Expect<
    Equal<
      Static<typeof Schemas.BulkRemoveSubmissionFromTrashBinRequest>,
      Types.BulkRemoveSubmissionFromTrashBinRequest
    >
  >,
  Expect<Equal<Static<typeof Schemas.ListDeletedSubmissionsRequest>, Types.ListDeletedSubmissionsRequest>>,
  Expect<Equal<Static<typeof Schemas.UpdateExtendedFieldsRequest>, Types.UpdateExtendedFieldsRequest>>,
  Expect<
    Equal<Static<typeof Schemas.UpsertContactFromSubmissionRequest>, Types.UpsertContactFromSubmissionRequest>
  >,
  // Pro gallery (gallery.ts)
  Expect<Equal<Static<typeof Schemas.MediaImage>, Types.MediaImage>>,
  Expect<Equal<Static<typeof Schemas.MediaVideoPoster>, Types.MediaVideoPoster>>,
  Expect<Equal<Static<typeof Schemas.MediaVideo>, Types.MediaVideo>>,
  Expect<Equal<Static<typeof Schemas.GalleryPoint>, Types.GalleryPoint>>,
  Expect<Equal<Static<typeof Schemas.GalleryUnsharpMasking>, Types.GalleryUnsharpMasking>>,
  Expect<Equal<Static<typeof Schemas.GalleryImage>, Types.GalleryImage>>,
  Expect<Equal<Static<typeof Schemas.GalleryVideo>, Types.GalleryVideo>>,
  Expect<Equal<Static<typeof Schemas.GalleryText>, Types.GalleryText>>,
  Expect<Equal<Static<typeof Schemas.GalleryLink>, Types.GalleryLink>>,
  Expect<Equal<Static<typeof Schemas.GallerySecondaryMedia>, Types.GallerySecondaryMedia>>,
  Expect<Equal<Static<typeof Schemas.GalleryTags>, Types.GalleryTags>>,
  Expect<Equal<Static<typeof Schemas.GalleryItemInput>, Types.GalleryItemInput>>,
  Expect<Equal<Static<typeof Schemas.GalleryInput>, Types.GalleryInput>>,
  Expect<Equal<Static<typeof Schemas.CreateGalleryRequest>, Types.CreateGalleryRequest>>,
  Expect<Equal<Static<typeof Schemas.UpdateGalleryRequest>, Types.UpdateGalleryRequest>>,
  Expect<Equal<Static<typeof Schemas.CreateGalleryItemRequest>, Types.CreateGalleryItemRequest>>,
  Expect<Equal<Static<typeof Schemas.UpdateGalleryItemRequest>, Types.UpdateGalleryItemRequest>>,
  Expect<Equal<Static<typeof Schemas.BulkDeleteGalleryItemsRequest>, Types.BulkDeleteGalleryItemsRequest>>,
];
