import { zodResolver } from '@hookform/resolvers/zod';
import { Select } from 'antd';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { DEFAULT_GALLERY_CATEGORY, galleryCategories } from '../../../../../../shared/constants/gallery';
import { galleryImageSchema, type AdminGalleryImage, type GalleryImageInput } from '../../../../../../shared/schemas/gallery-image';
import { Field } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { SwitchField, TextField } from '../../../components/form-fields';
import { ImageInput } from '../../../components/image-input';
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

const resolver = zodResolver(galleryImageSchema);

// GAL-4 Add and Edit: title, optional description, image by upload or URL, category (default
// clinic), display order (default 0), and the Active switch.
export function GalleryImageFormDialog({ open, image, onClose }: { open: boolean; image: AdminGalleryImage | null; onClose: () => void }) {
  const create = useCreateGalleryImage();
  const update = useUpdateGalleryImage();
  const [uploading, setUploading] = useState(false);
  const { form, errors, save } = useDialogForm({ open, item: image, initialValues, resolver, serverFields: FIELDS, onClose });
  const { control } = form;

  const onSubmit = form.handleSubmit((values) => {
    if (image) {
      save(update, { id: image.id, ...values }, { success: () => ['Image updated', `"${values.title}" has been updated.`], failure: 'Error updating image' });
    } else {
      save(create, values, { success: () => ['Image added', `"${values.title}" has been added to the gallery.`], failure: 'Error adding image' });
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
        <TextField control={control} name="title" id="gallery-title" label="Title" required />
        <TextField control={control} name="description" id="gallery-description" label="Description (optional)" rows={2} />
        <Field id="gallery-image" label="Image" error={errors.imageUrl?.message} required>
          <Controller
            control={control}
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
              control={control}
              name="category"
              render={({ field }) => (
                <Select id="gallery-category" value={field.value ?? ''} onChange={field.onChange} options={categoryOptions} style={{ width: '100%' }} />
              )}
            />
          </Field>
          <TextField
            control={control}
            name="order"
            id="gallery-order"
            label="Display Order"
            hint="Lower numbers show first."
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
        </div>
        <SwitchField control={control} name="isActive" id="gallery-active" label="Active" help="Show this image in the public gallery" />
      </form>
    </FormDialog>
  );
}
