/**
 * The body of a Create Redirect Session answer, as the platform sends it (`id`, not `_id`): a session
 * whose page is `fullUrl`. It imports nothing, so that tests with fresh SDK modules can use it.
 */
export const redirectSessionBody = (fullUrl: string, endpoint = fullUrl) => ({
  redirectSession: {
    id: 'rs1',
    fullUrl,
    shortUrl: '',
    sessionToken: 'session-of-redirect',
    urlDetails: { endpoint, searchParams: {} },
  },
});
