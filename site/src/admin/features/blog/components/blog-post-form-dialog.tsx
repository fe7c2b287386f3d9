import { zodResolver } from '@hookform/resolvers/zod';
import { Input, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { blogPostSchema, type BlogPost, type BlogPostInput, type BlogPostPayload } from '../../../../../../shared/schemas/blog-post';
import { Field, fieldAria } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { ImageInput } from '../../upload/components/image-input';
import { applyServerFieldErrors } from '../../../components/server-errors';
import { useToast } from '../../../components/use-toast';
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

// SPEC 2 Blog create and edit: title, excerpt, content (HTML, cleaned by the server, D17), an optional
// cover image, and the Publish Post switch (new posts start as drafts).
export function BlogPostFormDialog({ open, post, onClose }: { open: boolean; post: BlogPost | null; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const [uploading, setUploading] = useState(false);
  const form = useForm<BlogPostInput, unknown, BlogPostPayload>({ resolver: zodResolver(blogPostSchema), defaultValues: initialValues(post) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(initialValues(post));
  }, [open, post, form]);

  const onSubmit = form.handleSubmit((values) => {
    const onError = (title: string) => (err: unknown) => {
      applyServerFieldErrors(err, form.setError, FIELDS);
      toast.failure(title, err);
    };
    if (post) {
      update.mutate(
        { id: post.id, ...values },
        {
          onSuccess: () => {
            toast.success('Blog post updated', `"${values.title}" has been updated.`);
            onClose();
          },
          onError: onError('Error updating post'),
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          toast.success('Blog post created', `"${values.title}" has been created${values.isPublished ? ' and published' : ' as a draft'}.`);
          onClose();
        },
        onError: onError('Error creating post'),
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
        <Field id="blog-title" label="Title" error={errors.title?.message} required>
          <Controller
            control={form.control}
            name="title"
            render={({ field }) => <Input {...field} {...fieldAria('blog-title', errors.title?.message)} />}
          />
        </Field>
        <Field id="blog-excerpt" label="Excerpt" error={errors.excerpt?.message} required hint="A sentence or two shown in the article list.">
          <Controller
            control={form.control}
            name="excerpt"
            render={({ field }) => <Input.TextArea {...field} {...fieldAria('blog-excerpt', errors.excerpt?.message, true)} rows={2} />}
          />
        </Field>
        <Field id="blog-content" label="Content" error={errors.content?.message} required hint="HTML supported, e.g. <p>, <h2>, <ul>, <a>. Scripts are removed.">
          <Controller
            control={form.control}
            name="content"
            render={({ field }) => (
              <Input.TextArea {...field} {...fieldAria('blog-content', errors.content?.message, true)} rows={10} className="mono" />
            )}
          />
        </Field>
        <Field id="blog-image" label="Cover Image (optional)" error={errors.imageUrl?.message}>
          <Controller
            control={form.control}
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
        <Controller
          control={form.control}
          name="isPublished"
          render={({ field }) => (
            <div className="switch-field">
              <Switch id="blog-published" checked={Boolean(field.value)} onChange={field.onChange} aria-describedby="blog-published-help" />
              <div>
                <label htmlFor="blog-published" className="field-label">
                  Publish Post
                </label>
                <p id="blog-published-help" className="field-hint">
                  Make this post visible to the public
                </p>
              </div>
            </div>
          )}
        />
      </form>
    </FormDialog>
  );
}
