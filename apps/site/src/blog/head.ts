import { useEffect } from 'react';

/** Sets the page's `<title>` and meta description after render (no `window` access during render). */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    document.title = `${title} · Atrium`;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
