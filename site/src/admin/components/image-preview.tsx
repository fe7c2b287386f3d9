import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { apiUrl } from '../../lib/api-client';
import { useToast } from './toasts';

// Stored images on admin screens: list thumbnails and form previews (GAL-4, IMG-7).

export function useImagePreviewError() {
  const toast = useToast();
  return () => toast.problem('Image load error', 'Failed to load image preview');
}

/** A stored image address for <img>: site paths (/media/..., /images/...) live on the API's server. */
export function mediaSrc(src: string): string {
  return src.startsWith('/') && !src.startsWith('//') ? apiUrl(src) : src;
}

/**
 * An image with fallbacks: `fallbackSrc` (e.g. the full image when a thumbnail fails, GAL-4), then a
 * placeholder. A preview (not `quiet`) also says so in a toast (IMG-7).
 */
export function ImagePreview({
  src,
  fallbackSrc,
  alt,
  className,
  quiet,
}: {
  src: string;
  fallbackSrc?: string | null;
  alt: string;
  className?: string;
  quiet?: boolean;
}) {
  const [failed, setFailed] = useState<string[]>([]);
  const onError = useImagePreviewError();
  const candidates = [src, ...(fallbackSrc && fallbackSrc !== src ? [fallbackSrc] : [])];
  const current = candidates.find((c) => !failed.includes(c));
  if (!current) {
    return (
      <div
        className={`image-preview-fallback ${className ?? ''}`}
        role={alt ? 'img' : undefined}
        aria-label={alt ? `${alt} (could not be loaded)` : undefined}
      >
        <PictureOutlined aria-hidden="true" />
        <span>Preview unavailable</span>
      </div>
    );
  }
  return (
    <img
      src={mediaSrc(current)}
      alt={alt}
      className={className}
      onError={() => {
        setFailed((list) => [...list, current]);
        if (!quiet && current === candidates.at(-1)) onError();
      }}
    />
  );
}
