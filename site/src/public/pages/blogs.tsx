import { useState, type MouseEvent } from 'react';
import { Link, isPlainClick } from '../app/router';
import { clinic } from '../../../../shared/constants/clinic';
import type { BlogPostSummary, PublishedBlogPost } from '../../../../shared/schemas/blog-post';
import { paths, usePublicData } from '../app/data';
import { pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { publisherJsonLd } from '../app/structured-data';
import { Dialog } from '../components/dialog';
import { Icon } from '../components/icons';
import { EmptyState, ErrorState, PageHeader, formatPostDate } from '../components/ui';

export function PostImage({ post, eager = false, className = 'post-image' }: { post: BlogPostSummary; eager?: boolean; className?: string }) {
  if (!post.imageUrl) {
    return (
      <div className={`${className} post-image-placeholder`} aria-hidden="true">
        <Icon name="tooth" size={48} />
      </div>
    );
  }
  return (
    <img
      className={className}
      src={post.imageUrl}
      alt=""
      width={1200}
      height={630}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  );
}

function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="post-meta">
      <span>{post.author}</span>
      {post.publishedAt && (
        <>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
        </>
      )}
    </p>
  );
}

/** A post card; its title links to the article, and a plain click opens the post in a dialog instead. */
export function PostCard({ post, featured = false, onOpen }: { post: BlogPostSummary; featured?: boolean; onOpen?: (p: BlogPostSummary) => void }) {
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen || !isPlainClick(e)) return;
    e.preventDefault();
    onOpen(post);
  };
  return (
    <article className={featured ? 'post-card post-card-featured' : 'post-card'}>
      <PostImage post={post} eager={featured} />
      <div className="post-card-body">
        <h3 className="post-title">
          <Link to={`/blogs/${post.slug}`} className="stretched-link" onClick={open} aria-haspopup={onOpen ? 'dialog' : undefined}>
            {post.title}
          </Link>
        </h3>
        <p className="post-excerpt">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}

function PostCardSkeleton({ featured = false }: { featured?: boolean }) {
  return (
    <div className={featured ? 'post-card post-card-featured' : 'post-card'} aria-hidden="true">
      <div className="post-image skeleton" />
      <div className="post-card-body">
        <div className="skeleton skeleton-line skeleton-title" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line skeleton-short" />
      </div>
    </div>
  );
}

/** The dialog that loads the full post (SPEC section 2), with its own loading and error states. */
function PostDialog({ summary, onClose }: { summary: BlogPostSummary; onClose: () => void }) {
  const post = usePublicData<PublishedBlogPost | null>(paths.post(summary.slug));
  return (
    <Dialog title={summary.title} onClose={onClose} className="post-dialog">
      <PostMeta post={summary} />
      {post.status === 'pending' && (
        <div className="post-dialog-loading" aria-busy="true" aria-label="Loading the article">
          <div className="skeleton post-dialog-image" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-short" />
        </div>
      )}
      {(post.status === 'error' || (post.status === 'success' && !post.data)) && (
        <p className="state-box state-error" role="alert">
          Unable to load blog post content.
        </p>
      )}
      {post.status === 'success' && post.data && (
        <>
          {post.data.imageUrl && <img className="post-dialog-image" src={post.data.imageUrl} alt="" width={1200} height={630} />}
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.data.content }} />
          <p className="post-dialog-footer">
            <Link to={`/blogs/${summary.slug}`} className="button button-outline" onClick={onClose}>
              Open the full article
              <Icon name="arrow-right" size={18} />
            </Link>
          </p>
        </>
      )}
    </Dialog>
  );
}

export function BlogsPage() {
  const posts = usePublicData<BlogPostSummary[]>(paths.posts);
  const [open, setOpen] = useState<BlogPostSummary | null>(null);
  const published = (posts.data ?? []).filter((p) => p.isPublished);
  const [featured, ...latest] = published;

  return (
    <>
      <PageHeader eyebrow="Blog" title="Dental Health Blog">
        <p className="page-lead">Simple, practical advice for healthy teeth and gums at every age, from our dentists in Pune.</p>
      </PageHeader>
      <section className="section" aria-label="Articles">
        <div className="container">
          {posts.status === 'pending' && (
            <div aria-busy="true" aria-label="Loading articles">
              <PostCardSkeleton featured />
              <div className="post-grid">
                <PostCardSkeleton />
                <PostCardSkeleton />
                <PostCardSkeleton />
              </div>
            </div>
          )}
          {posts.status === 'error' && <ErrorState message="Unable to load blog posts at the moment." />}
          {posts.status === 'success' && published.length === 0 && <EmptyState message="No blog posts available" />}
          {featured && (
            <>
              <h2 className="list-heading">Featured Article</h2>
              <PostCard post={featured} featured onOpen={setOpen} />
            </>
          )}
          {latest.length > 0 && (
            <>
              <h2 className="list-heading">Latest Articles</h2>
              <div className="post-grid">
                {latest.map((p) => (
                  <PostCard key={p.id} post={p} onOpen={setOpen} />
                ))}
              </div>
            </>
          )}
        </div>
      </section>
      {open && <PostDialog summary={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export const blogsPage: PageModule = {
  Page: BlogsPage,
  head: (_route, pathname, read, origin) => {
    const posts = read(paths.posts) as BlogPostSummary[] | undefined;
    return pageHead(
      pathname,
      `Dental Health Blog${titleSuffix}`,
      'Practical advice on caring for your teeth and gums, for children and adults, from the dentists of a family clinic in Pune.',
      [
        {
          '@context': 'https://schema.org',
          '@type': 'Blog',
          name: `${clinic.name} Blog`,
          url: `${origin}/blogs`,
          publisher: publisherJsonLd(origin),
          blogPost: (posts ?? []).map((p) => ({
            '@type': 'BlogPosting',
            headline: p.title,
            url: `${origin}/blogs/${p.slug}`,
            datePublished: p.publishedAt ?? undefined,
          })),
        },
      ],
    );
  },
};
