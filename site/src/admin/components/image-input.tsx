import { CloudUploadOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Input, Progress, Segmented } from 'antd';
import { useRef, useState } from 'react';
import { isImageUrl } from '../../../../shared/schemas/fields';
import { checkImageFile } from '../../../../shared/schemas/upload';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ApiError } from '../../lib/api-client';
import { useUploadImage } from '../api/upload-image';
import { fieldAria } from './field';
import { ImagePreview } from './image-preview';
import { useToast } from './toasts';

// IMG-1: an image is given by uploading a file or by entering its URL. Uploading is a busy state that
// disables the control and shows progress; the browser checks type and size first (IMG-2), the server
// checks the bytes (IMG-4).

export interface ImageValue {
  imageUrl: string;
  /** Set by an upload (the server's WebP thumbnail); null for a typed URL. */
  thumbnailUrl: string | null;
}

export function ImageInput({
  id,
  value,
  onChange,
  error,
  showPreview = true,
  previewAlt = 'Image preview',
  onBusyChange,
}: {
  id: string;
  value: string;
  onChange: (value: ImageValue) => void;
  error?: string;
  showPreview?: boolean;
  previewAlt?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const toast = useToast();
  const [mode, setMode] = useState<'upload' | 'url'>(value && !value.startsWith('/media/') ? 'url' : 'upload');
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const busy = upload.isPending;
  // A typed address is previewed once typing pauses, so a half-typed URL does not report a load error.
  const previewSrc = useDebouncedValue(value, 500);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast.problem(problem.title, problem.description);
      return;
    }
    setProgress(0);
    onBusyChange?.(true);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          onChange({ imageUrl: answer.imageUrl, thumbnailUrl: answer.thumbnailUrl ?? null });
          toast.success('Image uploaded', 'Image has been uploaded successfully.');
        },
        onError: (err) => {
          const text = err instanceof ApiError && !/^HTTP \d{3}\b/.test(err.message) ? err.message : 'Failed to upload image';
          toast.problem('Upload failed', text);
        },
        onSettled: () => {
          setProgress(null);
          onBusyChange?.(false);
        },
      },
    );
  };

  return (
    // A group named by the field's label: in upload mode the button keeps its own name (Choose Image,
    // Uploading...), in URL mode the label names the address box.
    <div className="image-input" role="group" aria-labelledby={`${id}-label`}>
      <Segmented
        aria-label="How to add the image"
        value={mode}
        disabled={busy}
        onChange={(next) => setMode(next as 'upload' | 'url')}
        options={[
          { value: 'upload', label: 'Upload File', icon: <CloudUploadOutlined aria-hidden="true" /> },
          { value: 'url', label: 'Enter URL', icon: <LinkOutlined aria-hidden="true" /> },
        ]}
      />
      {mode === 'upload' ? (
        <div className="image-upload">
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Image file"
            disabled={busy}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            aria-describedby={error ? `${id}-error` : undefined}
            icon={<CloudUploadOutlined aria-hidden="true" />}
            loading={busy}
            disabled={busy}
            onClick={() => fileRef.current?.click()}
          >
            {busy ? 'Uploading...' : value ? 'Choose Another Image' : 'Choose Image'}
          </Button>
          <span className="field-hint">JPEG, PNG, WebP, GIF or AVIF, up to 5 MB</span>
          {progress !== null && (
            <Progress percent={progress} size="small" aria-label="Upload progress" status={busy ? 'active' : undefined} />
          )}
        </div>
      ) : (
        <Input
          {...fieldAria(id, error)}
          type="url"
          inputMode="url"
          placeholder="https://example.com/photo.jpg"
          value={value}
          disabled={busy}
          onChange={(e) => onChange({ imageUrl: e.target.value, thumbnailUrl: null })}
        />
      )}
      {showPreview && previewSrc && previewSrc === value && isImageUrl(previewSrc) && (
        <div className="image-input-preview">
          <ImagePreview src={previewSrc} alt={previewAlt} />
        </div>
      )}
    </div>
  );
}
