import type { UploadMediaResponse } from '@atrium/contract/types';
import { useState } from 'react';
import { uploadMedia } from '../../blog/blog-api.js';
import { type ActionState, FilePicker, Progress } from '../../kit/index.js';

/**
 * Files picked, then uploaded into the media store one after another, each with its progress bar
 * (the media library and a gallery's uploads): `onStored` runs after each file, `onDone` after all
 * of them and says the outcome in words.
 */
export function MediaUpload({
  label,
  accept,
  actions,
  onStored,
  onDone,
}: {
  label: string;
  accept: string;
  actions: ActionState;
  onStored?: (stored: UploadMediaResponse['file'], file: File) => Promise<void>;
  onDone: (files: File[]) => Promise<string>;
}) {
  const [uploads, setUploads] = useState<{ name: string; progress: number }[]>([]);
  const upload = (files: File[]) =>
    void actions.run(`Uploading ${files.length} file${files.length === 1 ? '' : 's'}…`, async () => {
      setUploads(files.map((file) => ({ name: file.name, progress: 0 })));
      for (const [index, file] of files.entries()) {
        const stored = await uploadMedia(file, (progress) =>
          setUploads((current) =>
            current.map((entry, at) => (at === index ? { ...entry, progress } : entry)),
          ),
        );
        await onStored?.(stored, file);
      }
      return onDone(files);
    });
  return (
    <>
      <FilePicker
        label={label}
        accept={accept}
        multiple
        disabled={actions.busy !== undefined}
        onFiles={upload}
      />
      {uploads.map((entry) => (
        <Progress key={entry.name} label={`Uploading ${entry.name}`} value={entry.progress} />
      ))}
    </>
  );
}
