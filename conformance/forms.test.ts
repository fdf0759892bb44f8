import { startTestPlatform, type TestPlatform } from '@atrium/platform/testing';
import * as atriumForms from '@atrium/sdk/forms';
import * as referenceForms from '@wix/forms';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realFetch } from './support/mailbox';
import { type Peer, type PeerAuth, peerClient } from './support/peer-clients';
import { platformFetch, type RecordedRequest, wireOf } from './support/wire';

/**
 * Forms (docs/wire.md §8, §14): the reference client (`@wix/forms` with `@wix/sdk`) runs every
 * submissions call and the form management calls against a fresh local platform, an API-key
 * client for the owner and an OAuth client for the visitor; then the Atrium SDK runs the same
 * scenario against another fresh platform. Results and requests must be equal once what the
 * platform makes up (ids, times, tokens, its port) is replaced by markers, consistently: the n-th
 * id seen is `<id n>` in both runs, so a result that names the wrong id still differs.
 */

// biome-ignore lint/suspicious/noExplicitAny: the scenario drives both clients through the reference's API
type AnyClient = any;

const NAMESPACE = 'wix.form_app.form';
const CONTACT_FORM = '7a1c3e5f-0000-4000-8000-000000000001';
const PENDING_FORM = '7a1c3e5f-0000-4000-8000-000000000002';
const CLOSED_FORM = '7a1c3e5f-0000-4000-8000-000000000003';
const FIELDS = [
  {
    _id: '7a1c3e5f-0000-4000-8000-00000000f001',
    identifier: 'TEXT_INPUT',
    target: 'name',
    validation: { required: true, string: { maxLength: 100 } },
  },
  {
    _id: '7a1c3e5f-0000-4000-8000-00000000f002',
    identifier: 'CONTACTS_EMAIL',
    target: 'email',
    validation: { required: true, string: { format: 'EMAIL', maxLength: 80 } },
  },
  {
    _id: '7a1c3e5f-0000-4000-8000-00000000f003',
    identifier: 'TEXT_AREA',
    target: 'message',
    validation: { string: { maxLength: 2000 } },
  },
  {
    _id: '7a1c3e5f-0000-4000-8000-00000000f004',
    identifier: 'FILE_UPLOAD',
    inputOptions: {
      target: 'attachment',
      inputType: 'WIX_FILE',
      wixFileOptions: { validation: { uploadFileFormats: ['DOCUMENT'] } },
    },
  },
];
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

interface Step {
  step: string;
  result: unknown;
  requests: (ReturnType<typeof wireOf> & { host: RecordedRequest['host'] })[];
}

/** Replaces what a platform makes up with markers; ids keep their order of first appearance. */
function normaliser(platformUrl: string) {
  const ids = new Map<string, string>();
  const idOf = (id: string) => {
    if (!ids.has(id)) ids.set(id, `<id ${ids.size + 1}>`);
    return ids.get(id)!;
  };
  const text = (value: string) =>
    value
      .replaceAll(platformUrl, '<platform>')
      .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
      .replace(/(\/v1\/forms\/)[\w-]{43}/g, '$1<upload token>')
      .replace(/\b[0-9a-f]{6}_[0-9a-f]{32}\.[a-z0-9]+\b/g, idOf)
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, (id) =>
        id.startsWith('7a1c3e5f-') ? id : idOf(id),
      )
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>');
  const value = (current: unknown, key = ''): unknown => {
    if (current instanceof Date) return '<Date>';
    if (current instanceof Uint8Array) return { bytes: text(new TextDecoder().decode(current)) };
    if (typeof current === 'string')
      return ['next', 'prev', 'cursor'].includes(key) ? '<cursor>' : text(current);
    if (Array.isArray(current)) return current.map((element) => value(element));
    if (current !== null && typeof current === 'object') {
      // Keys in a fixed order, so that ids are numbered alike whatever order a client keeps keys in.
      const entries = Object.entries(current).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return Object.fromEntries(entries.map(([k, v]) => [k, value(v, k)]));
    }
    return current;
  };
  const request = (recorded: RecordedRequest) => {
    const { method, path, query, body } = wireOf(recorded);
    return { host: recorded.host, method, path: text(path), query: text(query), body: value(body) };
  };
  return { value, request };
}

/** What either client's rejection exposes: status and details (the request id as a marker). */
function errorOf(error: unknown): unknown {
  const { status, details } = error as { status?: number; details?: Record<string, unknown> };
  return {
    error: { status, details: { ...details, requestId: details?.requestId ? '<request id>' : undefined } },
  };
}

const pageOf = (page: AnyClient) => ({
  items: page.items,
  length: page.length,
  pageSize: page.pageSize,
  cursors: page.cursors,
  hasNext: page.hasNext(),
  hasPrev: page.hasPrev(),
});

function clients(peer: Peer, platform: TestPlatform, fetchImpl: typeof fetch) {
  const { forms, submissions } = peer === 'reference' ? referenceForms : atriumForms;
  const client = (auth: PeerAuth) => peerClient(peer, auth, { forms, submissions }, fetchImpl) as AnyClient;
  return { owner: client({ apiKey: platform.apiKey }), visitor: client({ clientId: platform.clientId }) };
}

/** The whole scenario on a fresh platform; every step's result (or rejection) and requests. */
async function runForms(peer: Peer): Promise<Step[]> {
  const platform = await startTestPlatform();
  const wire = platformFetch(platform.url);
  vi.stubGlobal('fetch', wire.fetch);
  const normalise = normaliser(platform.url);
  const steps: Step[] = [];
  /** Runs one call; resolves to its raw value (any: the scenario reads it as the reference documents it). */
  const step = async (
    label: string,
    action: () => Promise<AnyClient>,
    read: (value: AnyClient) => unknown = (v) => v,
  ): Promise<AnyClient> => {
    let value: AnyClient;
    let result: unknown;
    try {
      value = await action();
      result = normalise.value(await read(value));
    } catch (error) {
      result = normalise.value(errorOf(error));
    }
    const requests = wire.log
      .splice(0)
      .filter((request) => request.path !== '/oauth2/token')
      .map(normalise.request);
    steps.push({ step: label, result, requests });
    return value;
  };
  try {
    const { owner, visitor } = clients(peer, platform, wire.fetch);

    // ── Form schemas (docs/wire.md §14) ───────────────────────────────────────────────────────────
    await step('createForm', () =>
      owner.forms.createForm({
        _id: CONTACT_FORM,
        namespace: NAMESPACE,
        name: 'Contact',
        formFields: FIELDS,
      }),
    );
    await step('createForm pending', () =>
      owner.forms.createForm({
        _id: PENDING_FORM,
        namespace: 'wix.pricing_plans.form',
        name: 'Plan',
        formFields: FIELDS.slice(0, 2),
      }),
    );
    await step('createForm closed', () =>
      owner.forms.createForm({
        _id: CLOSED_FORM,
        namespace: NAMESPACE,
        name: 'Closed',
        enabled: false,
        formFields: FIELDS.slice(0, 2),
      }),
    );
    await step('getForm as visitor', () => visitor.forms.getForm(CONTACT_FORM));
    await step('updateForm', () =>
      owner.forms.updateForm(CONTACT_FORM, { revision: '1', name: 'Contact us' }),
    );
    await step('updateForm stale', () => owner.forms.updateForm(CONTACT_FORM, { revision: '1', name: 'x' }));
    await step('listForms', () => owner.forms.listForms(NAMESPACE, { order: 'NAME_ASC' }));
    await step('listForms paged', () => owner.forms.listForms(NAMESPACE, { paging: { limit: 1 } }));
    const formsPage = await step(
      'queryForms builder',
      () => owner.forms.queryForms().eq('namespace', NAMESPACE).ascending('name').limit(1).find(),
      pageOf,
    );
    await step('queryForms next', () => formsPage.next(), pageOf);
    await step('queryForms typed', () =>
      owner.forms.queryForms({ filter: { enabled: false } }, { namespace: NAMESPACE }),
    );
    await step('createForm as visitor', () =>
      visitor.forms.createForm({ namespace: NAMESPACE, name: 'Nope' }),
    );

    // ── Submitting (visitor) ─────────────────────────────────────────────────────────────────
    const bad = { formId: CONTACT_FORM, submissions: { email: 'not-an-email', message: 'x' } };
    await step('validateFormSubmission', () => visitor.submissions.validateFormSubmission(bad));
    await step('createSubmission invalid', () => visitor.submissions.createSubmission(bad));
    await step('createSubmission disabled', () =>
      visitor.submissions.createSubmission({
        formId: CLOSED_FORM,
        submissions: { name: 'Ada', email: 'ada@example.com' },
      }),
    );
    const { uploadUrl } = await step('getMediaUploadUrl', () =>
      visitor.submissions.getMediaUploadUrl(CONTACT_FORM, 'cv.pdf', 'application/pdf'),
    );
    const uploaded = await realFetch(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: PDF,
    });
    const { file } = (await uploaded.json()) as { file: { id: string; url: string; displayName: string } };
    const attachment = [
      { fileId: file.id, displayName: file.displayName, url: file.url, fileType: 'application/pdf' },
    ];
    const created = await step('createSubmission', () =>
      visitor.submissions.createSubmission(
        {
          formId: CONTACT_FORM,
          submissions: { name: 'Ada', email: 'ada@example.com', message: 'Hi', attachment },
        },
        { captchaToken: 'captcha' },
      ),
    );
    const second = await step('createSubmission again', () =>
      visitor.submissions.createSubmission({
        formId: CONTACT_FORM,
        submissions: { name: 'Grace', email: 'grace@example.com' },
      }),
    );
    const pending = await step('createSubmission pending', () =>
      visitor.submissions.createSubmission({
        formId: PENDING_FORM,
        submissions: { name: 'Alan', email: 'alan@example.com' },
      }),
    );
    await step('getSubmission as visitor', () => visitor.submissions.getSubmission(created._id));

    // ── Managing (owner) ─────────────────────────────────────────────────────────────────────
    await step('getSubmission', () => owner.submissions.getSubmission(created._id));
    await step('updateSubmission', () =>
      owner.submissions.updateSubmission(second._id, {
        formId: CONTACT_FORM,
        revision: '1',
        submissions: { name: 'Grace H.', email: 'grace@example.com' },
      }),
    );
    await step('confirmSubmission', () => owner.submissions.confirmSubmission(pending._id));
    await step('confirmSubmission again', () => owner.submissions.confirmSubmission(pending._id));
    const page = await step(
      'querySubmissionsByNamespace builder',
      () =>
        owner.submissions
          .querySubmissionsByNamespace()
          .eq('namespace', NAMESPACE)
          .eq('formId', CONTACT_FORM)
          .ascending('submissions.name')
          .limit(1)
          .find(),
      pageOf,
    );
    await step('querySubmissionsByNamespace next', () => page.next(), pageOf);
    await step('querySubmissionsByNamespace typed', () =>
      owner.submissions.querySubmissionsByNamespace(
        { filter: { namespace: NAMESPACE, 'submissions.email': 'ada@example.com' } },
        { onlyYourOwn: false },
      ),
    );
    await step('querySubmission', () =>
      owner.submissions.querySubmission({ filter: { formId: PENDING_FORM } }),
    );
    await step('searchSubmissionsByNamespace', () =>
      owner.submissions.searchSubmissionsByNamespace({
        filter: { namespace: NAMESPACE },
        search: { expression: 'grace', mode: 'OR' },
      }),
    );
    await step('countSubmissions', () =>
      owner.submissions.countSubmissions([CONTACT_FORM, PENDING_FORM], NAMESPACE, {
        statuses: ['CONFIRMED'],
      }),
    );
    await step('countSubmissionsByFilter', () =>
      owner.submissions.countSubmissionsByFilter({ namespace: NAMESPACE }),
    );
    await step(
      'bulkMarkSubmissionsAsSeen',
      () => owner.submissions.bulkMarkSubmissionsAsSeen([created._id], CONTACT_FORM),
      () => 'done',
    );
    await step('bulkUpdateFormSubmissionTags', () =>
      owner.submissions.bulkUpdateFormSubmissionTags([created._id, second._id], {
        assignTags: { tags: { tagIds: ['vip'] } },
      }),
    );
    await step(
      'bulkUpdateFormSubmissionTagsByFilter',
      () =>
        owner.submissions.bulkUpdateFormSubmissionTagsByFilter(
          { formId: CONTACT_FORM },
          { unassignTags: { tags: { tagIds: ['vip'] } } },
        ),
      () => 'done',
    );
    await step('updateExtendedFields', () =>
      owner.submissions.updateExtendedFields(created._id, '@atrium/crm', { namespaceData: { score: 5 } }),
    );
    await step('upsertContactFromSubmission', () =>
      owner.submissions.upsertContactFromSubmission(created._id),
    );
    const { document } = await step('getSubmissionDownloadUrl', () =>
      owner.submissions.getSubmissionDownloadUrl(created._id),
    );
    const accessToken = new URL(document.readyDetails.downloadUrl).searchParams.get('accessToken');
    await step('downloadSubmission', () => owner.submissions.downloadSubmission(created._id, accessToken));
    await step('getFormattedSubmission', () => owner.submissions.getFormattedSubmission(created._id));
    await step('getSubmission after changes', () => owner.submissions.getSubmission(created._id));

    // ── Trash bin ────────────────────────────────────────────────────────────────────────────
    await step('deleteSubmission', () => owner.submissions.deleteSubmission(second._id));
    await step('getSubmission deleted', () => owner.submissions.getSubmission(second._id));
    await step('listDeletedSubmissions', () =>
      owner.submissions.listDeletedSubmissions(CONTACT_FORM, { paging: { limit: 5 } }),
    );
    await step('getDeletedSubmission', () => owner.submissions.getDeletedSubmission(second._id));
    await step('countDeletedSubmissions', () =>
      owner.submissions.countDeletedSubmissions([CONTACT_FORM], NAMESPACE),
    );
    await step('restoreSubmissionFromTrashBin', () =>
      owner.submissions.restoreSubmissionFromTrashBin(second._id),
    );
    await step('bulkDeleteSubmission', () =>
      owner.submissions.bulkDeleteSubmission(CONTACT_FORM, { submissionIds: [second._id, pending._id] }),
    );
    await step('bulkRemoveSubmissionFromTrashBin', () =>
      owner.submissions.bulkRemoveSubmissionFromTrashBin(CONTACT_FORM, { submissionIds: [second._id] }),
    );
    await step('deleteSubmission permanent', () =>
      owner.submissions.deleteSubmission(pending._id, { permanent: true }),
    );
    await step('deleteSubmission to trash', () =>
      owner.submissions.deleteSubmission(created._id, { preserveFiles: true }),
    );
    await step('removeSubmissionFromTrashBin', () =>
      owner.submissions.removeSubmissionFromTrashBin(created._id),
    );
    await step('file gone with its submission', async () => (await realFetch(file.url)).status);
    await step('deleteForm', () => owner.forms.deleteForm(CLOSED_FORM, { permanent: true }));
    await step('getForm deleted', () => owner.forms.getForm(CLOSED_FORM));
    return steps;
  } finally {
    vi.unstubAllGlobals();
    await platform.close();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('forms: the reference client and the Atrium SDK against the platform', () => {
  it('run every call with equal results and equal requests', async () => {
    const reference = await runForms('reference');
    const atrium = await runForms('atrium');

    // The reference completes the scenario against the platform as it would against the hosted one.
    const results = Object.fromEntries(reference.map(({ step, result }) => [step, result]));
    expect(results.createForm).toMatchObject({
      _id: CONTACT_FORM,
      _createdDate: '<Date>',
      revision: '1',
      namespace: NAMESPACE,
    });
    expect(results.updateForm).toMatchObject({ name: 'Contact us', revision: '2' });
    expect(results['updateForm stale']).toMatchObject({ error: { status: 409 } });
    expect(results['createForm as visitor']).toMatchObject({ error: { status: 403 } });
    expect(results['createSubmission disabled']).toMatchObject({ error: { status: 400 } });
    expect(results.createSubmission).toMatchObject({
      status: 'CONFIRMED',
      _createdDate: '<Date>',
      submissions: { name: 'Ada' },
    });
    expect(results['createSubmission pending']).toMatchObject({ status: 'PENDING' });
    expect(results.confirmSubmission).toMatchObject({ submission: { status: 'CONFIRMED' } });
    expect(results['confirmSubmission again']).toMatchObject({ error: { status: 400 } });
    expect(results['getSubmission as visitor']).toMatchObject({ error: { status: 403 } });
    expect(results['querySubmissionsByNamespace builder']).toMatchObject({
      length: 1,
      pageSize: 1,
      hasNext: true,
    });
    expect(results['querySubmissionsByNamespace next']).toMatchObject({
      length: 1,
      hasNext: false,
      hasPrev: true,
    });
    expect(results.upsertContactFromSubmission).toEqual({
      submitContactResponse: {
        contactId: expect.stringMatching(/^<id \d+>$/),
        identityType: 'CONTACT',
        newContact: true,
      },
    });
    expect(results.downloadSubmission).toMatchObject({
      statusCode: 200,
      body: { bytes: expect.stringContaining('email: ada@example.com') },
    });
    expect(results['getSubmission deleted']).toMatchObject({ error: { status: 404 } });
    expect(results['file gone with its submission']).toBe(404);
    // Both surface the same details for a submission with a missing required field and a bad e-mail.
    const invalid = results['createSubmission invalid'] as {
      error: { status: number; details: Record<string, unknown> };
    };
    expect(invalid.error.status).toBe(400);
    const violations = (
      invalid.error.details.validationError as {
        fieldViolations: { field: string; data: { errors: { errorType: string }[] } }[];
      }
    ).fieldViolations;
    expect(violations.map((violation) => [violation.field, violation.data.errors[0]?.errorType])).toEqual([
      ['submission.submissions.email', 'FORMAT_ERROR'],
      ['submission.submissions.name', 'REQUIRED_VALUE_ERROR'],
    ]);

    for (const [index, ours] of atrium.entries()) {
      const theirs = reference[index]!;
      expect(ours.step).toBe(theirs.step);
      expect(ours.requests, `requests of ${ours.step}`).toEqual(theirs.requests);
      expect(ours.result, `result of ${ours.step}`).toEqual(theirs.result);
    }
    expect(atrium).toHaveLength(reference.length);
    // Owner calls go to the API host, the visitor's module calls to the edge host (docs/wire.md §1.1).
    const hostOf = (label: string) => reference.find(({ step }) => step === label)?.requests[0]?.host;
    expect([hostOf('getSubmission'), hostOf('createSubmission')]).toEqual(['api', 'edge']);
  });
});
