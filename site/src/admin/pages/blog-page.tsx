import { DeleteOutlined, EditOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { formatEnGbDate } from '../../../../shared/domain/clinic-time';
import { useBlogPosts } from '../features/blog/api/get-blog-posts';
import type { BlogPost } from '../../../../shared/schemas/blog-post';
import { useDeleteBlogPost } from '../features/blog/api/delete-blog-post';
import { BlogPostFormDialog } from '../features/blog/components/blog-post-form-dialog';
import { countText } from '../api/paged-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ImagePreview } from '../components/image-preview';
import { EmptyState, ErrorState, ListSkeleton } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { Badge } from '../components/status-badge';
import { useToast } from '../components/use-toast';
import { plural, useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const BLOG_PAGE_SIZE = 20;

// SPEC 2 Blog Management: search by title or excerpt, create and edit dialogs, rows with image or
// placeholder, title, excerpt, author, created date, Published or Draft, Edit, Delete.
export function BlogPage() {
  usePageTitle('Blog');
  const toast = useToast();
  const { search, setSearch, q, page, setPage, typing } = useListState();
  const [editing, setEditing] = useState<BlogPost | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const list = useBlogPosts({ q, page, pageSize: BLOG_PAGE_SIZE });
  const remove = useDeleteBlogPost();
  const rows = list.data?.rows ?? [];
  const count = countText(list.data);

  return (
    <>
      <PageHeader
        title="Blog Management"
        description="Write health articles for the website. New posts start as drafts."
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            New Post
          </Button>
        }
      />
      <div className="toolbar">
        <SearchField id="blog-search" label="Search blog posts" placeholder="Search by title or excerpt..." value={search} onChange={setSearch} />
      </div>

      {list.isPending ? (
        <ListSkeleton count={5} label="Loading blog posts" />
      ) : list.isError ? (
        <ErrorState text="Unable to load blog posts." />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState text={q ? 'No blog posts found matching your search.' : 'No blog posts created yet.'} />
      ) : (
        <>
          <p className="count-line" aria-live="polite">
            {plural(count ?? '0', 'post', 'posts')} found
          </p>
          <ul className="row-list" aria-label="Blog posts" aria-busy={list.isFetching || typing}>
            {rows.map((post) => (
              <li key={post.id} className="list-row blog-row">
                <div className="row-thumb">
                  {post.imageUrl ? (
                    <ImagePreview src={post.imageUrl} alt="" quiet />
                  ) : (
                    <div className="thumb-placeholder" aria-hidden="true">
                      <ReadOutlined />
                    </div>
                  )}
                </div>
                <div className="row-main">
                  <div className="row-title-line">
                    <p className="row-title">{post.title}</p>
                    <Badge tone={post.isPublished ? 'green' : 'grey'}>{post.isPublished ? 'Published' : 'Draft'}</Badge>
                  </div>
                  <p className="row-excerpt">{post.excerpt}</p>
                  <p className="row-meta">
                    <span>By {post.author || 'Clinic'}</span>
                    <span>Created {formatEnGbDate(post.createdAt)}</span>
                  </p>
                </div>
                <div className="row-actions">
                  <Button
                    icon={<EditOutlined aria-hidden="true" />}
                    aria-label={`Edit "${post.title}"`}
                    onClick={() => {
                      setEditing(post);
                      setFormOpen(true);
                    }}
                  >
                    <span className="label-wide">Edit</span>
                  </Button>
                  <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete "${post.title}"`} onClick={() => setDeleting(post)}>
                    <span className="label-wide">Delete</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={list.data} onChange={setPage} label="Blog post pages" />
        </>
      )}

      <BlogPostFormDialog open={formOpen} post={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete blog post?"
        confirmLabel="Delete Post"
        cancelLabel="Cancel"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Blog post deleted', `"${deleting.title}" has been deleted.`);
              setDeleting(null);
            },
            onError: (err) => toast.failure('Error deleting post', err),
          })
        }
      >
        {deleting && (
          <p>
            Are you sure you want to delete &ldquo;<strong>{deleting.title}</strong>&rdquo;? This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
