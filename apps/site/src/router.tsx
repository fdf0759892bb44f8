import { createBrowserRouter } from 'react-router';
import {
  AccountPage,
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

export const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'sign-in', element: <SignInPage /> },
      { path: 'sign-up', element: <SignUpPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'auth/callback', element: <AuthCallbackPage /> },
      { path: 'account', element: <AccountPage /> },
      // Bundle size: the data pages (and the data components) load on first visit, and
      // `@atrium/sdk/data` on the first data call, so the other pages never download them.
      {
        path: 'books',
        lazy: () => import('./pages/BooksPage').then((page) => ({ Component: page.BooksPage })),
        HydrateFallback: PageLoading,
      },
      {
        path: 'notes',
        lazy: () => import('./pages/NotesPage').then((page) => ({ Component: page.NotesPage })),
        HydrateFallback: PageLoading,
      },
      // The gallery page (and the gallery component) load on first visit.
      {
        path: 'gallery',
        lazy: () => import('./pages/GalleryPage').then((page) => ({ Component: page.GalleryPage })),
        HydrateFallback: PageLoading,
      },
      // The contact page (and the form components) load on first visit.
      {
        path: 'contact',
        lazy: () => import('./pages/ContactPage').then((page) => ({ Component: page.ContactPage })),
        HydrateFallback: PageLoading,
      },
      // The blog (and `@atrium/sdk/blog`, the rich content renderer) load on first visit.
      {
        path: 'blog',
        lazy: () => import('./blog/BlogPage').then((page) => ({ Component: page.BlogPage })),
        HydrateFallback: PageLoading,
      },
      {
        path: 'blog/categories/:slug',
        lazy: () => import('./blog/BlogPage').then((page) => ({ Component: page.CategoryPage })),
        HydrateFallback: PageLoading,
      },
      {
        path: 'blog/tags/:slug',
        lazy: () => import('./blog/BlogPage').then((page) => ({ Component: page.TagPage })),
        HydrateFallback: PageLoading,
      },
      {
        path: 'blog/archive/:year?/:month?',
        lazy: () => import('./blog/ArchivePage').then((page) => ({ Component: page.ArchivePage })),
        HydrateFallback: PageLoading,
      },
      {
        path: 'post/:slug',
        lazy: () => import('./blog/PostPage').then((page) => ({ Component: page.PostPage })),
        HydrateFallback: PageLoading,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
