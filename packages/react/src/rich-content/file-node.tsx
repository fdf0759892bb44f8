import { mediaSource } from './media.js';
import { css, nodeStyle, num, obj, str } from './safe.js';
import type { RichContentNodeComponent as C } from './types.js';

/** The file node: a download link with the file's name, type and size. */

/** Bytes as `12 KB`, `1.5 MB` (the same on the server and the client: no locale). */
export function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

export const FileNode: C = ({ node, data, context, domId }) => {
  const source = obj(data.src);
  const { id, url } = mediaSource(source);
  const href =
    source.private === true || obj(data.pdfSettings).disableDownload === true
      ? undefined
      : id
        ? context.fileUrl(id, 'file')
        : url;
  const name = str(data.name) ?? id ?? url ?? context.labels.download;
  const bytes = num(data.size) ?? (num(data.sizeInKb) ?? Number.NaN) * 1024;
  const meta = [str(data.type)?.toUpperCase(), bytes >= 0 ? formatSize(bytes) : undefined]
    .filter(Boolean)
    .join(' · ');
  const body = (
    <>
      <span className="atrium-rc-file-name">{name}</span>
      {meta && <span className="atrium-rc-file-meta">{meta}</span>}
      {href && <span className="atrium-rc-file-action">{context.labels.download}</span>}
    </>
  );
  return (
    <div id={domId} className="atrium-rc-file" style={css(nodeStyle(node))}>
      {href ? (
        <a className="atrium-rc-file-link" href={href} download={name} type={str(data.mimeType)}>
          {body}
        </a>
      ) : (
        body
      )}
    </div>
  );
};
