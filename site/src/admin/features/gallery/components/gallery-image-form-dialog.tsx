import { zodResolver } from '@hookform/resolvers/zod';
import { Input, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DEFAULT_GALLERY_CATEGORY, galleryCategories } from '../../../../../../shared/constants/gallery';
import { galleryImageSchema, type AdminGalleryImage, type GalleryImageInput, type GalleryImagePayload } from '../../../../../../shared/schemas/gallery-image';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { ImageInput } from '../../upload/components/image-input';
import { applyServerFieldErrors } from '../../../components/server-errors';
import { useToast } from '../../../components/use-toast';
import { useCreateGalleryImage } from '../api/create-gallery-image';
import { useUpdateGalleryImage } from '../api/update-gallery-image';

const FIELDS = ['title', 'description', 'imageUrl', 'thumbnailUrl', 'category', 'isActive', 'order'] as const;

const categoryOptions = [{ value: '', label: 'Uncategorized' }, ...galleryCategories.map((c) => ({ value: c.value, label: c.label }))];

function initialValues(image: AdminGalleryImage | null): GalleryImageInput {
  return {
    title: image?.title ?? '',
    description: image?.description ?? '',
    imageUrl: image?.imageUrl ?? '',
    thumbnailUrl: image?.thumbnailUrl ?? null,
    category: image ? (image.category ?? '') : DEFAULT_GALLERY_CATEGORY,
    isActive: image?.isActive ?? true,
    order: image ? String(image.order) : '0',
  };
}

// SPEC 2 gallery Add and Edit: title, optional description, image by upload or URL, category (default
// clinic), display order (default 0), and the Active switch.
export function GalleryImageFormDialog({ open, image, onClose }: { open: boolean; image: AdminGalleryImage | null; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateGalleryImage();
  const update = useUpdateGalleryImage();
  const [uploading, setUploading] = useState(false);
  const form = useForm<GalleryImageInput, unknown, GalleryImagePayload>({ resolver: zodResolver(galleryImageSchema), defaultValues: initialValues(image) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(initialValues(image));
  }, [open, image, form]);

  const onSubmit = form.handleSubmit((values) => {
    const onError = (title: string) => (err: unknown) => {
      applyServerFieldErrors(err, form.setError, FIELDS);
      toast.failure(title, err);
    };
    if (image) {
      update.mutate(
        { id: image.id, ...values },
        {
          onSuccess: () => {
            toast.success('Image updated', `"${values.title}" has been updated.`);
            onClose();
          },
          onError: onError('Error updating image'),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          toast.success('Image added', `"${values.title}" has been added to the gallery.`);
          onClose();
        },
        onError: onError('Error adding image'),
      });
    }
  });

  return (
    <FormDialog
      open={open}
      title={image ? 'Edit Image' : 'Add Image'}
      formId="gallery-form"
      submitLabel={image ? 'Save Changes' : 'Add Image'}
      pending={create.isPending || update.isPending}
      busy={uploading}
      width={640}
      onCancel={onClose}
    >
      <form id="gallery-form" onSubmit={onSubmit} noValidate>
        <Field id="gallery-title" label="Title" error={errors.title?.message} required>
          <Controller
            control={form.control}
            name="title"
            render={({ field }) => <Input {...field} {...fieldAria('gallery-title', errors.title?.message)} />}
          />
        </Field>
        <Field id="gallery-description" label="Description (optional)" error={errors.description?.message}>
          <Controller
            control={form.control}
            name="description"
            render={({ field }) => (
              <Input.TextArea {...field} value={field.value ?? ''} {...fieldAria('gallery-description', errors.description?.message)} rows={2} />
            )}
          />
        </Field>
        <Field id="gallery-image" label="Image" error={errors.imageUrl?.message} required>
          <Controller
            control={form.control}
            name="imageUrl"
            render={({ field }) => (
              <ImageInput
                id="gallery-image"
                value={field.value ?? ''}
                error={errors.imageUrl?.message}
                onBusyChange={setUploading}
                onChange={(v) => {
                  field.onChange(v.imageUrl);
                  form.setValue('thumbnailUrl', v.thumbnailUrl);
                }}
              />
            )}
          />
        </Field>
        <div className="form-grid">
          <Field id="gallery-category" label="Category" error={errors.category?.message}>
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <Select id="gallery-category" value={field.value ?? ''} onChange={field.onChange} options={categoryOptions} style={{ width: '100%' }} />
              )}
            />
          </Field>
          <Field id="gallery-order" label="Display Order" error={errors.order?.message} hint="Lower numbers show first.">
            <Controller
              control={form.control}
              name="order"
              render={({ field }) => (
                <Input
                  {...field}
                  value={field.value === undefined || field.value === null ? '' : String(field.value)}
                  {...fieldAria('gallery-order', errors.order?.message, true)}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                />
              )}
            />
          </Field>
        </div>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <div className="switch-field">
              <Switch id="gallery-active" checked={Boolean(field.value)} onChange={field.onChange} aria-describedby="gallery-active-help" />
              <div>
                <label htmlFor="gallery-active" className="field-label">
                  Active
                </label>
                <p id="gallery-active-help" className="field-hint">
                  Show this image in the public gallery
                </p>
              </div>
            </div>
          )}
        />
      </form>
    </FormDialog>
  );
}
