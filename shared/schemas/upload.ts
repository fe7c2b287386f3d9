// The browser's pre-upload check (IMG-2). The server checks the bytes themselves (IMG-4).

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * POST /api/admin/upload (multipart, field `image`, IMG-3):
 *   201 { success: true, imageUrl, thumbnailUrl, error: null }
 *   400/413/415 { success: false, imageUrl: null, thumbnailUrl: null, error }
 */
export interface UploadAnswer {
  success: boolean;
  imageUrl: string | null;
  thumbnailUrl?: string | null;
  error?: string | null;
}

export interface FileProblem {
  title: string;
  description: string;
}

export function checkImageFile(file: { type: string; size: number }): FileProblem | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: 'Please select an image file' };
  if (file.size > MAX_UPLOAD_BYTES) {
    return { title: 'File too large', description: 'Please select an image smaller than 5MB' };
  }
  return null;
}
