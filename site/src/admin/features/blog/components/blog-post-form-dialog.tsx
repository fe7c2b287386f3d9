import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { blogPostSchema, type BlogPost, type BlogPostInput } from '../../../../../../shared/schemas/blog-post';
import { Field } from '../../../components/field';
import { FormDialog, useDialogForm } from '../../../components/form-dialog';
import { SwitchField, TextField } from '../../../components/form-fields';
import { ImageInput } from '../../../components/image-input';
import { useCreateBlogPost } from '../api/create-blog-post';
import { useUpdateBlogPost } from '../api/update-blog-post';

const FIELDS = ['title', 'excerpt', 'content', 'isPublished', 'imageUrl'] as const;

function initialValues(post: BlogPost | null): BlogPostInput {
  return {
    title: post?.title ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    isPublished: post?.isPublished ?? false,
    imageUrl: post?.imageUrl ?? '',
  };
}

const resolver = zodResolver(blogPostSchema);

// BLOG-3 create and edit: title, excerpt, content (HTML, cleaned by the server, BLOG-5), an optional
// cover image, and the Publish Post switch (new posts start as drafts).
export function BlogPostFormDialog({ open, post, onClose }: { open: boolean; post: BlogPost | null; onClose: () => void }) {
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const [uploading, setUploading] = useState(false);
  const { form, errors, save } = useDialogForm({ open, item: post, initialValues, resolver, serverFields: FIELDS, onClose });
  const { control } = form;

  const onSubmit = form.handleSubmit((values) => {
    if (post) {
      save(update, { id: post.id, ...values }, { success: () => ['Blog post updated', `"${values.title}" has been updated.`], failure: 'Error updating post' });
    } else {
      save(create, values, {
        success: () => ['Blog post created', `"${values.title}" has been created${values.isPublished ? ' and published' : ' as a draft'}.`],
        failure: 'Error creating post',
      });
    }
  });

  return (
    <FormDialog
      open={open}
      title={post ? 'Edit Blog Post' : 'New Blog Post'}
      formId="blog-form"
      submitLabel={post ? 'Save Changes' : 'Create Post'}
      pending={create.isPending || update.isPending}
      busy={uploading}
      width={760}
      onCancel={onClose}
    >
      <form id="blog-form" onSubmit={onSubmit} noValidate>
        <TextField control={control} name="title" id="blog-title" label="Title" required />
        <TextField control={control} name="excerpt" id="blog-excerpt" label="Excerpt" required hint="A sentence or two shown in the article list." rows={2} />
        <TextField
          control={control}
          name="content"
          id="blog-content"
          label="Content"
          required
          hint="HTML supported, e.g. <p>, <h2>, <ul>, <a>. Scripts are removed."
          rows={10}
          className="mono"
        />
        <Field id="blog-image" label="Cover Image (optional)" error={errors.imageUrl?.message}>
          <Controller
            control={control}
            name="imageUrl"
            render={({ field }) => (
              <ImageInput
                id="blog-image"
                value={field.value ?? ''}
                onChange={(v) => field.onChange(v.imageUrl)}
                error={errors.imageUrl?.message}
                previewAlt="Cover image preview"
                onBusyChange={setUploading}
              />
            )}
          />
        </Field>
        <SwitchField control={control} name="isPublished" id="blog-published" label="Publish Post" help="Make this post visible to the public" />
      </form>
    </FormDialog>
  );
}
