import { createBrowserRouter } from 'react-router';
import { HomePage } from './pages/HomePage';
import { Layout } from './pages/Layout';
import { NotFoundPage } from './pages/NotFoundPage';

export const router = createBrowserRouter([
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
