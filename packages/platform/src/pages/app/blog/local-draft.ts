import type { Editor } from '@tiptap/core';
import { useEffect } from 'react';
import type { PmNode } from './convert.js';
import type { PostFields } from './post-fields.js';

/**
 * The editor's unsaved work in this browser's localStorage, per post (`new` for a post not yet
 * saved): a reload or a crash keeps it, and the editor offers it back on the next visit.
 */

const LOCAL_PREFIX = 'atrium-console-post:';

export interface LocalDraft {
  fields: PostFields;
  doc: PmNode;
  savedAt: string;
}

export function readLocal(key: string): LocalDraft | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(LOCAL_PREFIX + key) ?? 'null') as LocalDraft | null;
    return value && typeof value === 'object' && value.fields && value.doc ? value : undefined;
  } catch {
    return undefined;
  }
}

export const forgetLocal = (key: string) => localStorage.removeItem(LOCAL_PREFIX + key);

/** While there is unsaved work, it is written 300 ms after the last change, and at once on blur. */
export function useLocalCopy(editor: Editor | null, key: string, fields: PostFields, dirty: boolean) {
  useEffect(() => {
    if (!editor || !dirty) return;
    const write = () => {
      const draft: LocalDraft = {
        fields,
        doc: editor.getJSON() as PmNode,
        savedAt: new Date().toISOString(),
      };
      try {
        localStorage.setItem(LOCAL_PREFIX + key, JSON.stringify(draft));
      } catch {
        // Storage full or disabled: the work is still in the page.
      }
    };
    const timer = window.setTimeout(write, 300);
    const now = () => {
      window.clearTimeout(timer);
      write();
    };
    editor.on('blur', now);
    return () => {
      window.clearTimeout(timer);
      editor.off('blur', now);
    };
  });
}
