import { DeleteOutlined, EditOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo } from 'react';
import { formatDate } from '../../../../shared/domain/dates';
import type { BlogPost } from '../../../../shared/schemas/blog-post';
import { ConfirmDialog, useConfirmAction } from '../components/confirm-dialog';
import { ImagePreview } from '../components/image-preview';
import { ListScreen } from '../components/list-screen';
import { Badge } from '../components/status-badge';
import { useDeleteBlogPost } from '../features/blog/api/delete-blog-post';
import { useBlogPosts } from '../features/blog/api/get-blog-posts';
import { BlogPostFormDialog } from '../features/blog/components/blog-post-form-dialog';
import { useItemDialog } from '../hooks/use-item-dialog';
import { useListState } from '../hooks/use-list-state';
import { usePageTitle } from '../hooks/use-page-title';

export const BLOG_PAGE_SIZE = 20;

const BlogRow = memo(function BlogRow({ post, onEdit, onDelete }: { post: BlogPost; onEdit: (p: BlogPost) => void; onDelete: (p: BlogPost) => void }) {
  return (
    <li className="list-row blog-row">
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
          <span>Created {formatDate(post.createdAt)}</span>
        </p>
      </div>
      <div className="row-actions">
        <Button icon={<EditOutlined aria-hidden="true" />} aria-label={`Edit "${post.title}"`} onClick={() => onEdit(post)}>
          <span className="label-wide">Edit</span>
        </Button>
        <Button danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={`Delete "${post.title}"`} onClick={() => onDelete(post)}>
          <span className="label-wide">Delete</span>
        </Button>
      </div>
    </li>
  );
});

// BLOG-3 Blog Management: search by title or excerpt, create and edit dialogs, rows with image or
// placeholder, title, excerpt, author, created date, Published or Draft, Edit, Delete.
export function BlogPage() {
  usePageTitle('Blog');
  const state = useListState();
  const list = useBlogPosts({ q: state.q, page: state.page, pageSize: BLOG_PAGE_SIZE });
  const form = useItemDialog<BlogPost>();
  const remove = useConfirmAction({
    mutation: useDeleteBlogPost(),
    variables: (post: BlogPost) => post.id,
    success: (post) => ['Blog post deleted', `"${post.title}" has been deleted.`],
    failure: 'Error deleting post',
  });

  return (
    <ListScreen
      title="Blog Management"
      description="Write health articles for the website. New posts start as drafts."
      actions={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={form.openNew}>
          New Post
        </Button>
      }
      search={{ id: 'blog-search', label: 'Search blog posts', placeholder: 'Search by title or excerpt...' }}
      state={state}
      list={list}
      loading={{ count: 5, label: 'Loading blog posts' }}
      errorText="Unable to load blog posts."
      emptyText={state.q ? 'No blog posts found matching your search.' : 'No blog posts created yet.'}
      noun={['post', 'posts']}
      pagerLabel="Blog post pages"
      items={{ layout: 'rows', label: 'Blog posts', item: (post) => <BlogRow key={post.id} post={post} onEdit={form.openEdit} onDelete={remove.ask} /> }}
    >
      <BlogPostFormDialog open={form.open} post={form.item} onClose={form.close} />
      <ConfirmDialog {...remove.dialogProps} title="Delete blog post?" confirmLabel="Delete Post" cancelLabel="Cancel">
        {remove.item && (
          <p>
            Are you sure you want to delete &ldquo;<strong>{remove.item.title}</strong>&rdquo;? This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </ListScreen>
  );
}
