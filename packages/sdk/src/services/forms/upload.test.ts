import { afterEach, describe, expect, it, vi } from 'vitest';
import { SDKError } from '../../client/errors.js';
import { fileValue, uploadFile } from './upload.js';

const FILE = {
  id: 'abc_123.png',
  url: 'http://platform/media/abc_123.png',
  displayName: 'photo.png',
  filename: 'photo.png',
  contentType: 'image/png',
  sizeBytes: 4,
};

afterEach(() => vi.unstubAllGlobals());

/** A fetch that keeps each request (bytes as sent) and answers `body` with `status`. */
function bytesFetch(body: unknown, status = 200) {
  const requests: { method: string; headers: Headers; bytes: Uint8Array }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = new Request(input, init);
    requests.push({
      method: request.method,
      headers: request.headers,
      bytes: new Uint8Array(await request.arrayBuffer()),
    });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'x-wix-request-id': 'req-1' },
    });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

/** A minimal XMLHttpRequest: reports upload progress in two steps, then answers `answer`. */
function fakeXhr(
  answer: { status: number; body: unknown },
  sent: { method?: string; url?: string; headers: Record<string, string> },
) {
  return class {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } =
      {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    getResponseHeader() {
      return 'req-9';
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      queueMicrotask(() => {
        this.upload.onprogress?.({ loaded: 2, total: body.size, lengthComputable: true });
        this.upload.onprogress?.({ loaded: body.size, total: body.size, lengthComputable: true });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  };
}

describe('uploadFile', () => {
  it('PUTs the bytes with their type and no Authorization, and resolves to the stored file', async () => {
    const recorder = bytesFetch({ file: FILE });
    const file = await uploadFile('http://platform/upload/t', new Uint8Array([1, 2, 3, 4]), {
      contentType: 'image/png',
      fetch: recorder.fetch,
    });
    expect(file).toEqual(FILE);
    const [request] = recorder.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.headers.get('content-type')).toBe('image/png');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(request?.bytes).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(fileValue(file)).toEqual({
      fileId: FILE.id,
      displayName: 'photo.png',
      url: FILE.url,
      fileType: 'image/png',
    });
  });

  it('reports progress through XMLHttpRequest where there is one', async () => {
    const sent = { headers: {} as Record<string, string> };
    vi.stubGlobal('XMLHttpRequest', fakeXhr({ status: 200, body: { file: FILE } }, sent));
    const progress: [number, number | undefined][] = [];
    const file = await uploadFile(
      'http://platform/upload/t',
      new Blob([new Uint8Array(4)], { type: 'image/png' }),
      {
        onProgress: ({ loaded, total }) => progress.push([loaded, total]),
      },
    );
    expect(file.id).toBe(FILE.id);
    expect(sent).toEqual({
      method: 'PUT',
      url: 'http://platform/upload/t',
      headers: { 'content-type': 'image/png' },
    });
    expect(progress).toEqual([
      [2, 4],
      [4, 4],
      [4, 4],
    ]);
  });

  it('rejects with an SDKError carrying the platform’s code', async () => {
    const recorder = bytesFetch(
      {
        message: 'too big',
        details: { applicationError: { code: 'FILE_SIZE_OVER_LIMIT', description: 'too big', data: {} } },
      },
      413,
    );
    const error = await uploadFile('http://platform/upload/t', new Uint8Array(9), {
      fetch: recorder.fetch,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SDKError);
    expect(error).toMatchObject({
      status: 413,
      details: { applicationError: { code: 'FILE_SIZE_OVER_LIMIT' } },
    });
    expect(recorder.requests[0]?.headers.get('content-type')).toBe('application/octet-stream');
    const sent = { headers: {} as Record<string, string> };
    vi.stubGlobal('XMLHttpRequest', fakeXhr({ status: 410, body: { message: 'used', details: {} } }, sent));
    await expect(
      uploadFile('http://platform/upload/t', new Blob(['x']), { onProgress: () => {} }),
    ).rejects.toMatchObject({
      status: 410,
    });
  });

  it('fails as a system error when the platform cannot be reached', async () => {
    const failing = (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch;
    await expect(
      uploadFile('http://nowhere/upload', new Uint8Array(1), { fetch: failing }),
    ).rejects.toMatchObject({
      message: 'System error occurred',
    });
  });
});
