import { useQuery } from '@tanstack/react-query';
import { retryTransient } from '../query-retry.js';
import { useFormsApi } from './client.js';
import type { FormDefinition } from './types.js';

/**
 * A form's definition (`forms.getForm` of `@atrium/sdk/forms`, over TanStack Query: the app
 * provides a QueryClientProvider). Visitors may read forms: a site renders its forms for them.
 * Cached per form id; a form that does not exist is not asked for again.
 */

export interface FormState {
  form: FormDefinition | undefined;
  isLoading: boolean;
  error: Error | null;
  refetch(): Promise<unknown>;
}

export const formQueryKeys = {
  all: ['atrium', 'forms'] as const,
  form: (formId: string) => ['atrium', 'forms', formId] as const,
};

export function useForm(formId: string, { enabled = true }: { enabled?: boolean } = {}): FormState {
  const loadApi = useFormsApi();
  const result = useQuery({
    queryKey: formQueryKeys.form(formId),
    queryFn: async () => (await loadApi()).getForm(formId),
    enabled: enabled && formId !== '',
    // 4xx answers (no such form, not allowed) would be the same again.
    retry: retryTransient,
  });
  return {
    form: result.data,
    isLoading: result.isLoading,
    error: result.error,
    refetch: result.refetch,
  };
}
