import { WIX_FORMS_NAMESPACE } from '@atrium/contract/routes';
import type { Form, ListFormsResponse } from '@atrium/contract/types';
import { navigate } from '../../console-router.js';
import { ErrorMessage, requestJson, useConsoleQuery } from '../../kit/index.js';
import { FormView } from './form-view.js';
import { FORMS, queryPage } from './submissions-api.js';

/**
 * Forms and submissions: each form's fields; its submissions as an inbox (new ones marked), paged on
 * the server by cursor; a submission's values and files, status, tags, mark as seen; delete to the
 * trash bin and restore; export CSV. The forms service's own API (`@wix/forms`' calls), as the
 * console session (submissions-api.ts).
 */
export function FormsSection({ path }: { path: string }) {
  const selectedId = path.split('/')[2];
  const forms = useConsoleQuery([FORMS, WIX_FORMS_NAMESPACE], () =>
    requestJson<ListFormsResponse>(`${FORMS}?namespace=${WIX_FORMS_NAMESPACE}&paging.limit=100`),
  );
  /** The form opened when the path names none: the one with the newest submission (null: none found). */
  // Not under QUERY's key: a change of a submission does not move the console to another form.
  const latest = useConsoleQuery(['forms-latest-submission'], () =>
    queryPage({ namespace: WIX_FORMS_NAMESPACE }, 1, undefined).then(
      (page) => page.submissions[0]?.formId ?? null,
      () => null,
    ),
  );
  const list = forms.data?.forms;
  const form = pickForm(list, selectedId, latest.data);

  return (
    <>
      <h1>Forms</h1>
      <ErrorMessage message={forms.failure} />
      {list === undefined ? (
        !forms.failure && <p aria-busy="true">Loading the forms…</p>
      ) : list.length === 0 ? (
        <p>The site has no form.</p>
      ) : (
        <div className="field">
          <label htmlFor="form-choice">Form</label>
          <select
            id="form-choice"
            value={form?.id ?? ''}
            onChange={(event) => navigate(`/forms/${encodeURIComponent(event.target.value)}`)}
          >
            {list.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name ?? candidate.id}
                {candidate.enabled ? '' : ' (disabled)'}
              </option>
            ))}
          </select>
        </div>
      )}
      {form && <FormView key={form.id} form={form} />}
      {list && list.length > 0 && !form && <p aria-busy="true">Loading the submissions…</p>}
    </>
  );
}

/**
 * The form to show: the path's; else the one with the newest submission (once known); else the
 * first enabled form, else the first.
 */
function pickForm(
  forms: Form[] | undefined,
  selectedId: string | undefined,
  latestId: string | null | undefined,
): Form | undefined {
  if (!forms) return undefined;
  const byId = (id: string | null | undefined) => forms.find((candidate) => candidate.id === id);
  if (selectedId) return byId(selectedId) ?? forms[0];
  if (latestId === undefined) return undefined;
  return byId(latestId) ?? forms.find((candidate) => candidate.enabled) ?? forms[0];
}
