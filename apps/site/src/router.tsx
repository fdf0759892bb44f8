import { type LoaderFunction, matchRoutes, type RouteObject } from 'react-router';
import {
  AuthCallbackPage,
  ForgotPasswordPage,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
} from './pages/auth-pages';
import { HomePage } from './pages/HomePage';
import { Layout } from './pages/Layout';
import { NotFoundPage } from './pages/NotFoundPage';

/** Shown inside the layout while a lazy page's code loads on a first visit straight to it. */
function PageLoading() {
  return <p className="page-loading">Loading…</p>;
}

/**
 * The site's routes by id: the server renders every one of them (src/entry-server.tsx). The blog's,
 * the home page's and the not-found page's have a server loader that prefetches their data
 * (src/ssr/loaders.ts); the others' queries are found by rendering the page (discovery passes).
 */
export const SSR_ROUTE_IDS = [
  'home',
  'sign-in',
  'sign-up',
  'forgot-password',
  'reset-password',
  'auth-callback',
  'account',
  'books',
  'notes',
  'gallery',
  'contact',
  'blog',
  'blog-category',
  'blog-tag',
  'blog-archive',
  'post',
  'not-found',
] as const;
export type SsrRouteId = (typeof SSR_ROUTE_IDS)[number];

/**
 * The site's routes. The browser's have no loaders: pages load their data with TanStack Query, so
 * a navigation shows the page at once. The server passes `loaders`, which prefetch the server-rendered
 * routes' queries into the request's QueryClient (dehydrated into the page for the browser's).
 */
export function siteRoutes(loaders: Partial<Record<SsrRouteId, LoaderFunction>> = {}): RouteObject[] {
  return [
    {
      path: '/',
      element: <Layout />,
      children: [
        { id: 'home', index: true, element: <HomePage />, loader: loaders.home },
        { id: 'sign-in', path: 'sign-in', element: <SignInPage /> },
        { id: 'sign-up', path: 'sign-up', element: <SignUpPage /> },
        { id: 'forgot-password', path: 'forgot-password', element: <ForgotPasswordPage /> },
        { id: 'reset-password', path: 'reset-password', element: <ResetPasswordPage /> },
        { id: 'auth-callback', path: 'auth/callback', element: <AuthCallbackPage /> },
        // The account page (with `@atrium/sdk/members` and `@atrium/sdk/account`) load on first visit.
        {
          id: 'account',
          path: 'account',
          lazy: () => import('./pages/AccountPage').then((page) => ({ Component: page.AccountPage })),
          HydrateFallback: PageLoading,
        },
        // Bundle size: the data pages (and the data components) load on first visit, and
        // `@atrium/sdk/data` on the first data call, so the other pages never download them.
        {
          id: 'books',
          path: 'books',
          lazy: () => import('./pages/BooksPage').then((page) => ({ Component: page.BooksPage })),
          HydrateFallback: PageLoading,
        },
        {
          id: 'notes',
          path: 'notes',
          lazy: () => import('./pages/NotesPage').then((page) => ({ Component: page.NotesPage })),
          HydrateFallback: PageLoading,
        },
        // The gallery page (and the gallery component) load on first visit.
        {
          id: 'gallery',
          path: 'gallery',
          lazy: () => import('./pages/GalleryPage').then((page) => ({ Component: page.GalleryPage })),
          HydrateFallback: PageLoading,
        },
        // The contact page (and the form components) load on first visit.
        {
          id: 'contact',
          path: 'contact',
          lazy: () => import('./pages/ContactPage').then((page) => ({ Component: page.ContactPage })),
          HydrateFallback: PageLoading,
        },
        // The blog (and `@atrium/sdk/blog`, the rich content renderer) load on first visit.
        {
          id: 'blog',
          path: 'blog',
          lazy: () => import('./blog/BlogPage').then((page) => ({ Component: page.BlogPage })),
          loader: loaders.blog,
          HydrateFallback: PageLoading,
        },
        {
          id: 'blog-category',
          path: 'blog/categories/:slug',
          lazy: () => import('./blog/BlogPage').then((page) => ({ Component: page.CategoryPage })),
          loader: loaders['blog-category'],
          HydrateFallback: PageLoading,
        },
        {
          id: 'blog-tag',
          path: 'blog/tags/:slug',
          lazy: () => import('./blog/BlogPage').then((page) => ({ Component: page.TagPage })),
          loader: loaders['blog-tag'],
          HydrateFallback: PageLoading,
        },
        {
          id: 'blog-archive',
          path: 'blog/archive/:year?/:month?',
          lazy: () => import('./blog/ArchivePage').then((page) => ({ Component: page.ArchivePage })),
          loader: loaders['blog-archive'],
          HydrateFallback: PageLoading,
        },
        {
          id: 'post',
          path: 'post/:slug',
          lazy: () => import('./blog/PostPage').then((page) => ({ Component: page.PostPage })),
          loader: loaders.post,
          HydrateFallback: PageLoading,
        },
        { id: 'not-found', path: '*', element: <NotFoundPage />, loader: loaders['not-found'] },
      ],
    },
  ];
}

/** The id of the page route `pathname` renders (every page is rendered on the server). */
export function ssrRouteOf(routes: RouteObject[], pathname: string): SsrRouteId | undefined {
  const id = matchRoutes(routes, pathname)?.at(-1)?.route.id;
  return SSR_ROUTE_IDS.find((candidate) => candidate === id);
}

/**
 * Loads the lazy routes that `pathname` matches, in place, before a server-rendered page hydrates:
 * a lazy route still loading would render its HydrateFallback, not the server's HTML.
 */
export async function loadLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
