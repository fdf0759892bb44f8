import Type from 'typebox';
import { AnyObject, Loose, Nullable, Optional } from './schema-kit.js';

/**
 * Request schemas of the forms services (docs/wire.md §8, §14). They pin the shapes the rules read and
 * let everything else through (the wire grows, and form schemas keep unknown keys verbatim);
 * enumerations, formats and limits are checked by the platform, which names what is wrong.
 * Responses are the plain interfaces of forms-types.ts.
 */
const OptionalString = Optional(Type.String());
const OptionalBoolean = Optional(Type.Boolean());
const OptionalNullableNumber = Optional(Nullable(Type.Number()));
const Strings = Type.Array(Type.String());

export const FormStringValidation = Loose({
  format: OptionalString,
  minLength: OptionalNullableNumber,
  maxLength: OptionalNullableNumber,
  pattern: Optional(Nullable(Type.String())),
  enum: Optional(Nullable(Strings)),
});
export const FormNumberValidation = Loose({
  minimum: OptionalNullableNumber,
  maximum: OptionalNullableNumber,
  multipleOf: OptionalNullableNumber,
  enum: Optional(Nullable(Type.Array(Type.Number()))),
});
export const FormArrayValidation = Loose({
  minItems: OptionalNullableNumber,
  maxItems: OptionalNullableNumber,
  items: Optional(AnyObject),
});
export const FormFileValidation = Loose({
  fileLimit: Optional(Type.Number()),
  uploadFileFormats: Optional(Strings),
  maxFileSizeBytes: Optional(Type.Number()),
});
export const FormFieldValidation = Loose({
  required: OptionalBoolean,
  string: Optional(FormStringValidation),
  number: Optional(FormNumberValidation),
  integer: Optional(FormNumberValidation),
  boolean: Optional(AnyObject),
  array: Optional(FormArrayValidation),
  object: Optional(AnyObject),
  predefined: Optional(Loose({ format: OptionalString, wixFileOptions: Optional(FormFileValidation) })),
});
export const FormInputOptions = Loose({
  target: OptionalString,
  required: OptionalBoolean,
  inputType: OptionalString,
  stringOptions: Optional(Loose({ validation: Optional(FormStringValidation) })),
  numberOptions: Optional(Loose({ validation: Optional(FormNumberValidation) })),
  booleanOptions: Optional(AnyObject),
  arrayOptions: Optional(Loose({ validation: Optional(FormArrayValidation) })),
  wixFileOptions: Optional(Loose({ validation: Optional(FormFileValidation) })),
});
export const FormField = Loose({
  id: OptionalString,
  identifier: Optional(Nullable(Type.String())),
  target: Optional(Nullable(Type.String())),
  fieldType: OptionalString,
  hidden: OptionalBoolean,
  validation: Optional(FormFieldValidation),
  inputOptions: Optional(FormInputOptions),
});
export const FormLimitationRule = Loose({
  maxAllowedSubmissions: OptionalNullableNumber,
  dateTimeDeadline: Optional(Nullable(Type.String())),
  submissionLimitPerUser: OptionalNullableNumber,
});
export const FormInput = Loose({
  id: Optional(Nullable(Type.String())),
  namespace: OptionalString,
  name: Optional(Nullable(Type.String())),
  formFields: Optional(Type.Array(FormField)),
  enabled: Optional(Nullable(Type.Boolean())),
  limitationRule: Optional(FormLimitationRule),
  revision: Optional(Nullable(Type.String())),
});

export const FormSort = Loose({
  fieldName: Type.String(),
  order: Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
});
export const FormsCursorPaging = Loose({
  limit: OptionalNullableNumber,
  cursor: Optional(Nullable(Type.String())),
});
/** Filters are checked by the platform's query compiler, which names the offending path. */
export const FormsCursorQuery = Loose({
  filter: Optional(Nullable(AnyObject)),
  sort: Optional(Type.Array(FormSort)),
  cursorPaging: Optional(FormsCursorPaging),
});

export const CreateFormRequest = Loose({ form: FormInput });
export const UpdateFormRequest = Loose({ form: FormInput });
export const QueryFormsRequest = Loose({
  query: Optional(FormsCursorQuery),
  namespace: OptionalString,
  additionalMetadata: Optional(Nullable(AnyObject)),
});
export const ListFormsRequest = Loose({
  namespace: Type.String(),
  disabled: Optional(Nullable(Type.Boolean())),
  enabled: Optional(Nullable(Type.Boolean())),
  order: OptionalString,
  paging: Optional(FormsCursorPaging),
  fieldsets: Optional(Strings),
});

export const SubmissionTags = Loose({ tags: Optional(Loose({ tagIds: Optional(Strings) })) });
export const SubmissionInput = Loose({
  id: Optional(Nullable(Type.String())),
  formId: OptionalString,
  submissions: Optional(AnyObject),
  status: OptionalString,
  revision: Optional(Nullable(Type.String())),
  seen: OptionalBoolean,
  extendedFields: Optional(Loose({ namespaces: Optional(Type.Record(Type.String(), AnyObject)) })),
  tags: Optional(SubmissionTags),
});

export const CreateSubmissionRequest = Loose({
  submission: SubmissionInput,
  captchaToken: Optional(Nullable(Type.String())),
  additionalMetadata: Optional(Nullable(AnyObject)),
});
export const UpdateSubmissionRequest = Loose({ submission: SubmissionInput, mask: Optional(Type.Unknown()) });
export const SubmissionIdRequest = Loose({ submissionId: OptionalString });
export const BulkDeleteSubmissionRequest = Loose({
  formId: Type.String(),
  submissionIds: Optional(Strings),
  permanent: OptionalBoolean,
  preserveFiles: OptionalBoolean,
});
export const QuerySubmissionsRequest = Loose({
  query: Optional(FormsCursorQuery),
  onlyYourOwn: OptionalBoolean,
});
export const SubmissionSearchDetails = Loose({
  expression: Optional(Nullable(Type.String())),
  mode: Optional(Type.Union([Type.Literal('OR'), Type.Literal('AND')])),
  fuzzy: OptionalBoolean,
  fields: Optional(Strings),
});
export const SearchSubmissionsRequest = Loose({
  search: Optional(Type.Intersect([FormsCursorQuery, Loose({ search: Optional(SubmissionSearchDetails) })])),
  onlyYourOwn: OptionalBoolean,
});
export const CountSubmissionsRequest = Loose({
  formIds: Strings,
  namespace: Type.String(),
  statuses: Optional(Strings),
});
export const CountSubmissionsByFilterRequest = Loose({
  filter: Optional(Nullable(AnyObject)),
  search: Optional(SubmissionSearchDetails),
});
export const ValidateFormSubmissionRequest = Loose({
  submission: SubmissionInput,
  additionalMetadata: Optional(Nullable(AnyObject)),
  fieldsToValidate: Optional(Strings),
});
export const GetMediaUploadUrlRequest = Loose({
  formId: Type.String(),
  filename: Type.String(),
  mimeType: Type.String(),
});
export const BulkMarkSubmissionsAsSeenRequest = Loose({ ids: Strings, formId: Type.String() });
export const BulkUpdateSubmissionTagsRequest = Loose({
  submissionIds: Strings,
  assignTags: Optional(SubmissionTags),
  unassignTags: Optional(SubmissionTags),
});
export const BulkUpdateSubmissionTagsByFilterRequest = Loose({
  filter: Optional(Nullable(AnyObject)),
  assignTags: Optional(SubmissionTags),
  unassignTags: Optional(SubmissionTags),
});
export const BulkRemoveSubmissionFromTrashBinRequest = Loose({
  formId: Type.String(),
  submissionIds: Optional(Strings),
});
export const ListDeletedSubmissionsRequest = Loose({
  formId: Type.String(),
  submissionIds: Optional(Strings),
  paging: Optional(FormsCursorPaging),
  statuses: Optional(Strings),
  namespace: OptionalString,
});
export const UpdateExtendedFieldsRequest = Loose({
  id: OptionalString,
  namespace: Type.String(),
  namespaceData: AnyObject,
});
export const UpsertContactFromSubmissionRequest = Loose({
  submissionId: Type.String(),
  contactId: Optional(Nullable(Type.String())),
  emailVerified: OptionalBoolean,
});
