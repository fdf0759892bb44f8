/**
 * The wire shapes as plain TypeScript interfaces, importable without the schema library (the SDK
 * takes its types from here). `schema-types.check.ts` proves each schema's static type equals its
 * interface, so the two cannot drift.
 */

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  data?: Record<string, unknown>;
}

export interface ApplicationError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}

export interface ErrorBody {
  message: string;
  details: {
    applicationError?: ApplicationError;
    validationError?: { fieldViolations: FieldViolation[] };
  };
  error?: string;
  error_description?: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope?: string;
}

export interface AuthRequest {
  clientId?: string;
  responseType?: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  responseMode?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  sessionToken?: string;
  nonce?: string;
  prompt?: string;
  idp?: string;
}

export interface RedirectCallbacks {
  thankYouPageUrl?: string;
  postFlowUrl?: string;
  loginUrl?: string;
  bookingsServiceListUrl?: string;
  cartPageUrl?: string;
  planListUrl?: string;
}

export interface RedirectPreferences {
  useGenericWixPages?: boolean;
  maintainIdentity?: boolean;
  additionalQueryParameters?: Record<string, string>;
  checkIfPublish?: boolean;
}

export interface CreateRedirectSessionRequest {
  bookingsCheckout?: object;
  ecomCheckout?: { checkoutId?: string };
  eventsCheckout?: { reservationId?: string; eventSlug?: string };
  paidPlansCheckout?: { planId?: string; checkoutData?: string };
  login?: object;
  logout?: { clientId?: string };
  auth?: { authRequest?: AuthRequest; prompt?: string };
  storesProduct?: { productSlug?: string };
  bookingsBook?: { resourceId?: string };
  ecomOrderPaymentRequest?: { paymentRequestId?: string };
  callbacks?: RedirectCallbacks;
  preferences?: RedirectPreferences;
  origin?: string;
}

export interface RedirectSession {
  id: string;
  fullUrl: string;
  shortUrl: string;
  sessionToken: string;
  urlDetails: { endpoint: string; searchParams: Record<string, string> };
}

export interface CreateRedirectSessionResponse {
  redirectSession: RedirectSession;
}

// ── Identity (wire.md §5, spec §3 Identity and Auth response) ──────────────────────────────────

export type IdentityStatusName = 'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';
export type IdentityStatusReason =
  | 'UNKNOWN_REASON'
  | 'PENDING_ADMIN_APPROVAL_REQUIRED'
  | 'PENDING_EMAIL_VERIFICATION_REQUIRED'
  | 'PENDING_REQUIRED_FIELDS_MISSING';
/** Server auth states; REQUIRE_MFA is in the reference's runtime enum though not its typings. */
export type StateType =
  | 'UNKNOWN_STATE'
  | 'SUCCESS'
  | 'REQUIRE_OWNER_APPROVAL'
  | 'REQUIRE_EMAIL_VERIFICATION'
  | 'STATUS_CHECK'
  | 'REQUIRE_MISSING_FIELDS'
  | 'REQUIRE_MFA';
export type FactorType =
  | 'PASSWORD'
  | 'SMS'
  | 'CALL'
  | 'EMAIL'
  | 'TOTP'
  | 'PUSH'
  | 'WEBAUTHN'
  | 'RECOVERY_CODE';
export type FactorStatus =
  | 'ENABLED'
  | 'REQUIRE_ACTIVATION'
  | 'REQUIRE_REENROLL'
  | 'ENABLED_BY_RULE'
  | 'DISABLED_BY_RULE';
export type MfaReason = 'USER_SETTINGS' | 'HIGH_RISK_LOGIN';
export type PrivacyStatus = 'UNDEFINED' | 'PUBLIC' | 'PRIVATE';

export interface LoginId {
  email?: string;
}

export interface CustomValue {
  strValue?: string;
  numValue?: number;
  /** ISO-8601 on the wire. */
  dateValue?: string;
  boolValue?: boolean;
  listValue?: { value?: CustomValue[] };
  mapValue?: { value?: Record<string, CustomValue> };
}

export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  emails?: string[];
  phones?: string[];
  labels?: string[];
  language?: string;
  privacyStatus?: PrivacyStatus;
  customFields?: { name?: string; value?: CustomValue }[];
  secondaryEmails?: { email?: string; tag?: 'UNTAGGED' | 'MAIN' | 'HOME' | 'WORK' }[];
  phonesV2?: {
    countryCode?: string;
    phone?: string;
    tag?: 'UNTAGGED' | 'MAIN' | 'HOME' | 'MOBILE' | 'WORK' | 'FAX';
  }[];
  addresses?: {
    address?: {
      country?: string;
      subdivision?: string;
      city?: string;
      postalCode?: string;
      addressLine?: string;
      addressLine2?: string;
      formattedAddress?: string;
    };
    tag?: 'UNTAGGED' | 'HOME' | 'WORK' | 'BILLING' | 'SHIPPING';
  }[];
  company?: string;
  position?: string;
  birthdate?: string;
}

export interface Factor {
  factorId: string;
  type: FactorType;
  status: 'INACTIVE' | 'ACTIVE' | 'REQUIRE_REENROLL';
}

export interface Identity {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  connections: unknown[];
  identityProfile: IdentityProfile;
  email: { address: string; isVerified: boolean };
  status: { name: IdentityStatusName; reasons: IdentityStatusReason[] };
  factors: Factor[];
}

export interface MfaChallengeData {
  factorType: FactorType;
  availableFactors: { factorType: FactorType; factorStatus: FactorStatus }[];
  reason: MfaReason;
  verificationChallengeData?: { hint?: string };
}

export interface StateMachineResponse {
  state: StateType;
  sessionToken?: string;
  stateToken?: string;
  identity?: Identity;
  additionalData?: Record<string, CustomValue>;
  mfaChallengeData?: MfaChallengeData;
}

/** `captchaTokens` entries (the reference capitalises the keys). */
export interface CaptchaToken {
  Recaptcha?: string;
  InvisibleRecaptcha?: string;
  NoCaptcha?: string;
}

export interface RegisterRequest {
  loginId: LoginId;
  password?: string;
  profile?: IdentityProfile;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
}

export interface LoginRequest {
  loginId: LoginId;
  password?: string;
  captchaTokens?: CaptchaToken[];
  clientMetaData?: Record<string, string>;
  stateToken?: string;
}

export interface SignOnRequest {
  loginId: LoginId;
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

export interface SignOnResponse {
  sessionToken: string;
  identity: Identity;
}

export interface ChangePasswordRequest {
  newPassword: string;
}

export interface ValidateEmailRequest {
  email: string;
}

export interface ValidateEmailResponse {
  valid: boolean;
  formatInvalid: boolean;
  failure?: { reason: string };
}

/** `GET …/v1/logout` answers a raw HTTP response (wire.md §5.2). `body` is base64. */
export interface LogoutResponse {
  body: string;
  statusCode?: number;
  headers: { key: string; value: string }[];
}

export interface VerifyFactorRequest {
  stateToken: string;
  factorType?: FactorType;
  rememberThisDevice?: boolean;
  smsData?: { code?: string; deliveryMethod?: string; templateId?: string };
  callData?: { code?: string };
  emailData?: { code?: string };
  totpData?: { code?: string };
  pushData?: { transactionId?: string };
  webauthnData?: Record<string, unknown>;
  recoveryCodeData?: { code?: string };
  passwordData?: { password?: string };
}

export interface StartVerificationRequest {
  identityId?: string;
  target?: 'EMAIL';
}

export interface StartVerificationResponse {
  verificationId: string;
}

export interface VerifyDuringAuthenticationRequest {
  code: string;
  stateToken: string;
}

export interface ResendDuringAuthenticationRequest {
  stateToken: string;
}

export interface RecoveryRedirect {
  url?: string;
  clientId?: string;
}

export interface SendRecoveryEmailRequest {
  email: string;
  language?: string;
  redirect?: RecoveryRedirect;
}

export interface SendActivationEmailRequest {
  identityId: string;
  emailOptions?: { language?: string; redirect?: RecoveryRedirect };
}

export interface RecoverRequest {
  recoveryToken: string;
  password?: string;
}

// ── Local platform admin and development API (ADMIN_ROUTES, DEV_ROUTES) ─────────────────────────

export interface ListMembersResponse {
  members: Identity[];
}

export interface MemberResponse {
  identity: Identity;
}

export interface SitePolicy {
  registration: 'open' | 'approval' | 'verify-email';
  captcha: boolean;
}

export interface EnrollFactorRequest {
  factorType: 'TOTP' | 'EMAIL';
}

export interface EnrollFactorResponse {
  factor: Factor;
  /** For TOTP: the shared secret (base32) and an otpauth:// URI for authenticator apps. */
  totp?: { secret: string; otpauthUri: string };
}

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A verification code in the message, if any. */
  code?: string;
  /** Every link in the message. */
  links: string[];
  createdDate: string;
}

export interface MailboxResponse {
  messages: MailMessage[];
}

// ── Hosted pages' API (HOSTED_ROUTES.api) ───────────────────────────────────────────────────────

export interface HostedRedirectSession {
  id: string;
  intent:
    | 'bookingsCheckout'
    | 'ecomCheckout'
    | 'eventsCheckout'
    | 'paidPlansCheckout'
    | 'login'
    | 'logout'
    | 'auth'
    | 'storesProduct'
    | 'bookingsBook'
    | 'ecomOrderPaymentRequest';
  /** Human name of the target, e.g. "Ecom checkout", and its details (checkoutId, planId, …). */
  target: { label: string; details: Record<string, string> };
  callbacks: RedirectCallbacks;
  /** For `auth`: what the login completes. */
  auth?: { clientId: string; prompt: 'login' | 'none'; responseMode: 'fragment' | 'query' | 'web_message' };
  expiresDate: string;
}

export interface HostedAuthorizeRequest {
  sessionToken: string;
}

/** Where the page goes next: navigate to `redirectUrl`, or post `webMessage` to its exact origin. */
export interface HostedAuthorizeResponse {
  redirectUrl?: string;
  webMessage?: {
    targetOrigin: string;
    data: { code?: string; state?: string; error?: string; errorDescription?: string };
  };
}

export interface HostedLogoutResponse {
  /** The session's postFlowUrl, when it had one. */
  redirectUrl?: string;
}

// ── Data collections (wire.md §9, §14; constants in routes/data.ts) ─────────────────────────────

export type CollectionRole =
  | 'ANYONE'
  | 'SITE_MEMBER'
  | 'SITE_MEMBER_AUTHOR'
  | 'CMS_EDITOR'
  | 'PRIVILEGED'
  | 'ADMIN';
export type MemberRole = 'CMS_EDITOR';
export type DataFieldType =
  | 'TEXT'
  | 'NUMBER'
  | 'DATE'
  | 'DATETIME'
  | 'IMAGE'
  | 'BOOLEAN'
  | 'DOCUMENT'
  | 'URL'
  | 'RICH_TEXT'
  | 'VIDEO'
  | 'ANY'
  | 'ARRAY_STRING'
  | 'ARRAY_DOCUMENT'
  | 'AUDIO'
  | 'TIME'
  | 'LANGUAGE'
  | 'RICH_CONTENT'
  | 'MEDIA_GALLERY'
  | 'ADDRESS'
  | 'PAGE_LINK'
  | 'REFERENCE'
  | 'MULTI_REFERENCE'
  | 'OBJECT'
  | 'ARRAY'
  | 'SLUG'
  | 'EMAIL';
export type SortOrder = 'ASC' | 'DESC';
export type FieldModificationAction =
  | 'SET_FIELD'
  | 'REMOVE_FIELD'
  | 'INCREMENT_FIELD'
  | 'APPEND_TO_ARRAY'
  | 'REMOVE_FROM_ARRAY';
export type BulkActionType = 'UNKNOWN_ACTION_TYPE' | 'INSERT' | 'UPDATE' | 'DELETE' | 'PATCH';
export type SaveAction = 'UNKNOWN_ACTION' | 'INSERTED' | 'UPDATED';

/** A date on the wire, at any depth of an item or a filter (wire.md §9.1). */
export interface WireDate {
  $date: string;
}

/**
 * A filter (wire.md §3, §9.4): field paths (`a.b.c`) mapped to a value (equality) or to operators
 * (`{ "$gt": 1 }`), combined with `$and`, `$or` and `$not`.
 */
export type DataFilter = Record<string, unknown>;

export interface DataSort {
  fieldName: string;
  order?: SortOrder;
}

export interface DataPaging {
  limit?: number;
  offset?: number;
}

export interface DataCursorPaging {
  limit?: number;
  /** Opaque: the `pagingMetadata.cursors.next` (or `prev`) of an earlier page. */
  cursor?: string;
}

export interface DataCursors {
  next?: string | null;
  prev?: string | null;
}

export interface DataPagingMetadata {
  count?: number;
  offset?: number;
  /** With offset paging when `returnTotalCount` is true (cursor paging: also when asked). */
  total?: number;
  tooManyToCount?: boolean;
  cursors?: DataCursors;
  hasNext?: boolean;
}

/** An item as it travels: system fields (`_id`, `_createdDate`, `_updatedDate`, `_owner`) in `data`. */
export interface DataItem {
  id: string;
  dataCollectionId: string;
  data: Record<string, unknown>;
}

/** An item in a write request: `id` mirrors `data._id` when the caller knows it. */
export interface DataItemInput {
  id?: string;
  data?: Record<string, unknown>;
}

export interface DataQuery {
  filter?: DataFilter;
  sort?: DataSort[];
  /** Fields to return (`_id` always comes back); empty or absent: every field. */
  fields?: string[];
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
}

export interface IncludeReference {
  field: string;
  limit?: number;
}

/** A write's precondition: the item must match the filter (else WDE0915). */
export interface WriteCondition {
  filter?: DataFilter;
}

export interface GetDataItemRequest {
  dataCollectionId: string;
  dataItemId?: string;
  fields?: string[];
  /**
   * The fields whose referenced items to include, as the reference's `get` sends them (`.r=` form);
   * `true` includes every reference field.
   */
  includeReferences?: boolean | IncludeReference[];
  consistentRead?: boolean;
  language?: string;
}

export interface InsertDataItemRequest {
  dataCollectionId: string;
  dataItem: DataItemInput;
  includeReferencedItems?: boolean;
  saveReferences?: boolean;
}

export interface UpdateDataItemRequest {
  dataCollectionId: string;
  dataItem: DataItemInput;
  condition?: WriteCondition;
  includeReferencedItems?: boolean;
  saveReferences?: boolean;
}

export type SaveDataItemRequest = UpdateDataItemRequest;

export interface FieldModification {
  action?: FieldModificationAction;
  fieldPath: string;
  setFieldOptions?: { value?: unknown };
  incrementFieldOptions?: { value?: number };
  appendToArrayOptions?: { value?: unknown };
  removeFromArrayOptions?: { value?: unknown };
}

export interface DataItemPatch {
  dataItemId: string;
  fieldModifications: FieldModification[];
}

export interface PatchDataItemRequest {
  dataCollectionId: string;
  patch: DataItemPatch;
  condition?: WriteCondition;
}

export interface RemoveDataItemRequest {
  dataCollectionId: string;
  dataItemId: string;
  condition?: WriteCondition;
}

export interface TruncateDataItemsRequest {
  dataCollectionId: string;
}

export interface CountDataItemsRequest {
  dataCollectionId: string;
  filter?: DataFilter;
  consistentRead?: boolean;
  language?: string;
}

export interface QueryDataItemsRequest {
  dataCollectionId: string;
  query?: DataQuery;
  includeReferences?: IncludeReference[];
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface QueryDistinctValuesRequest {
  dataCollectionId: string;
  fieldName: string;
  filter?: DataFilter;
  order?: SortOrder;
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface AggregationOperation {
  resultFieldName: string;
  itemCount?: Record<string, unknown>;
  sum?: { itemFieldName: string };
  average?: { itemFieldName: string };
  min?: { itemFieldName: string };
  max?: { itemFieldName: string };
}

export interface AggregateDataItemsRequest {
  dataCollectionId: string;
  initialFilter?: DataFilter;
  aggregation?: { groupingFields?: string[]; operations?: AggregationOperation[] };
  finalFilter?: DataFilter;
  sort?: DataSort[];
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export type SearchMode = 'AND' | 'OR';

export interface SearchDataItemsRequest {
  dataCollectionId: string;
  search?: {
    filter?: DataFilter;
    sort?: DataSort[];
    fields?: string[];
    search?: { expression?: string; fuzzy?: boolean; mode?: SearchMode };
    paging?: DataPaging;
    cursorPaging?: DataCursorPaging;
  };
  includeReferences?: IncludeReference[];
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

/** The legacy form names one referring item, the newer form several (wire.md §9.2). */
export interface QueryReferencedDataItemsRequest {
  dataCollectionId: string;
  referringItemId?: string;
  referringItemIds?: string[];
  /** Absent when the request is a next page: the cursor carries it. */
  referringItemFieldName?: string;
  order?: SortOrder;
  paging?: DataPaging;
  cursorPaging?: DataCursorPaging;
  fields?: string[];
  returnTotalCount?: boolean;
  consistentRead?: boolean;
  language?: string;
}

export interface DataItemReference {
  referringItemFieldName: string;
  referringItemId: string;
  referencedItemId: string;
}

export interface DataItemReferencesRequest {
  dataCollectionId: string;
  dataItemReferences: DataItemReference[];
}

export interface ReplaceDataItemReferencesRequest {
  dataCollectionId: string;
  referringItemFieldName: string;
  referringItemId: string;
  newReferencedItemIds?: string[];
}

export interface IsReferencedDataItemRequest {
  dataCollectionId: string;
  referringItemFieldName: string;
  referringItemId: string;
  referencedItemId: string;
  consistentRead?: boolean;
}

export interface BulkWriteDataItemsRequest {
  dataCollectionId: string;
  dataItems: DataItemInput[];
  condition?: WriteCondition;
  returnEntity?: boolean;
  saveReferences?: boolean;
}

export interface BulkRemoveDataItemsRequest {
  dataCollectionId: string;
  dataItemIds: string[];
}

export interface BulkPatchDataItemsRequest {
  dataCollectionId: string;
  patches: DataItemPatch[];
  returnEntity?: boolean;
}

export interface DataItemResponse {
  dataItem: DataItem;
}

export interface SaveDataItemResponse {
  dataItem: DataItem;
  action: SaveAction;
}

export interface CountDataItemsResponse {
  totalCount: number;
}

export interface QueryDataItemsResponse {
  dataItems: DataItem[];
  pagingMetadata: DataPagingMetadata;
}

export type SearchDataItemsResponse = QueryDataItemsResponse;

export interface QueryDistinctValuesResponse {
  distinctValues: unknown[];
  pagingMetadata: DataPagingMetadata;
}

/**
 * One group: `_id` holds the grouping fields' values (`{ "title": "x" }`; null without grouping),
 * which are also repeated at the top level, next to each operation's `resultFieldName`.
 */
export interface AggregateDataItemsResponse {
  results: Record<string, unknown>[];
  pagingMetadata: DataPagingMetadata;
}

export interface ReferencedItemResult {
  referringItemId?: string;
  dataItem?: DataItem;
  unresolvedReference?: { referencedItemId: string; unauthorized: boolean };
}

export interface QueryReferencedDataItemsResponse {
  results: ReferencedItemResult[];
  pagingMetadata: DataPagingMetadata;
}

export interface IsReferencedDataItemResponse {
  isReferenced: boolean;
}

export interface BulkItemError {
  code: string;
  description: string;
  data: Record<string, unknown>;
}

export interface BulkItemResult {
  action: BulkActionType;
  itemMetadata: { id?: string; originalIndex: number; success: boolean; error?: BulkItemError };
  dataItem?: DataItem;
}

export interface BulkDataItemsResponse {
  results: BulkItemResult[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
}

// Collections and indexes (wire.md §14)

export interface CollectionPermissions {
  read?: CollectionRole;
  insert?: CollectionRole;
  update?: CollectionRole;
  remove?: CollectionRole;
}

export interface DataFieldTypeMetadata {
  reference?: { referencedCollectionId?: string };
  multiReference?: {
    referencedCollectionId?: string;
    referencingFieldKey?: string;
    referencingDisplayName?: string;
  };
  object?: Record<string, unknown>;
  array?: Record<string, unknown>;
}

export interface DataCollectionField {
  key: string;
  displayName?: string;
  type: DataFieldType;
  typeMetadata?: DataFieldTypeMetadata;
  required?: boolean;
  description?: string;
  systemField?: boolean;
}

/** A collection in a create or update request (`revision` required to update). */
export interface DataCollectionInput {
  id: string;
  displayName?: string;
  fields?: DataCollectionField[];
  permissions?: CollectionPermissions;
  revision?: string;
}

export interface DataCollection {
  id: string;
  displayName: string;
  collectionType: 'NATIVE';
  maxPageSize: number;
  defaultDisplayOrder: DataSort;
  fields: DataCollectionField[];
  permissions: Required<CollectionPermissions>;
  revision: string;
  pagingModes: ('OFFSET' | 'CURSOR')[];
  createdDate: string;
  updatedDate: string;
}

export interface DataCollectionRequest {
  collection: DataCollectionInput;
}

export interface DataCollectionResponse {
  collection: DataCollection;
}

export interface ListDataCollectionsResponse {
  collections: DataCollection[];
  pagingMetadata: DataPagingMetadata;
}

export interface DataIndexField {
  path: string;
  order?: SortOrder;
}

export interface DataIndexInput {
  name: string;
  fields: DataIndexField[];
  unique?: boolean;
  caseInsensitive?: boolean;
}

export interface DataIndex {
  id: string;
  name: string;
  fields: Required<DataIndexField>[];
  status: 'ACTIVE';
  unique: boolean;
  caseInsensitive: boolean;
  source: 'USER';
}

export interface CreateDataIndexRequest {
  dataCollectionId: string;
  index: DataIndexInput;
}

export interface DataIndexResponse {
  index: DataIndex;
}

export interface ListDataIndexesResponse {
  indexes: DataIndex[];
  pagingMetadata: DataPagingMetadata;
}

export interface MemberRolesRequest {
  roles: MemberRole[];
}

export interface MemberRolesResponse {
  identityId: string;
  roles: MemberRole[];
}

export type * from './forms-types.js';
export type * from './gallery-types.js';
