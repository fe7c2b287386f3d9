import { useMutation } from '@tanstack/react-query';
import { ApiError, apiUrl } from '../../lib/api-client';
import type { UploadAnswer } from '../../../../shared/schemas/upload';
import { endSession } from '../session/session';

// POST /api/admin/upload, multipart with the file in field `image` (IMG-3; the answers in shared/schemas/upload.ts).
// XMLHttpRequest rather than fetch: only it reports upload progress.

export function uploadImage(file: File, onProgress?: (percent: number) => void): Promise<UploadAnswer & { imageUrl: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/api/admin/upload'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onload = () => {
      let body: UploadAnswer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as UploadAnswer;
      } catch {
        body = null;
      }
      if (xhr.status === 401) endSession();
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && body.imageUrl) {
        resolve({ ...body, imageUrl: body.imageUrl });
        return;
      }
      const message = body?.error || `HTTP ${xhr.status}: ${xhr.statusText}`;
      reject(new ApiError(message, xhr.status || 500));
    };
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

export function useUploadImage() {
  return useMutation({
    retry: false,
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => uploadImage(file, onProgress),
  });
}
