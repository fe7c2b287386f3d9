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
import { EmptyState, ErrorState, PageHeader, usePostDate } from '../components/ui';
import { fmt, useT } from '../app/i18n';
import { localizePath } from '../../../../shared/i18n/types';

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
  const formatPostDate = usePostDate();
  return (
    <p className="post-meta">
      <span className="user-text">{post.author}</span>
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
        <h3 className="post-title user-text">
          <Link to={`/blogs/${post.slug}`} className="stretched-link" onClick={open} aria-haspopup={onOpen ? 'dialog' : undefined}>
            {post.title}
          </Link>
        </h3>
        <p className="post-excerpt user-text">{post.excerpt}</p>
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

/** The dialog that loads the full post (SITE-7), with its own loading and error states. */
function PostDialog({ summary, onClose }: { summary: BlogPostSummary; onClose: () => void }) {
  const post = usePublicData<PublishedBlogPost | null>(paths.post(summary.slug));
  const t = useT();
  return (
    <Dialog title={<span className="user-text">{summary.title}</span>} onClose={onClose} className="post-dialog">
      <PostMeta post={summary} />
      {post.status === 'pending' && (
        <div className="post-dialog-loading" aria-busy="true" aria-label={t.blog.loadingArticle}>
          <div className="skeleton post-dialog-image" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-short" />
        </div>
      )}
      {(post.status === 'error' || (post.status === 'success' && !post.data)) && (
        <p className="state-box state-error" role="alert">
          {t.blog.postError}
        </p>
      )}
      {post.status === 'success' && post.data && (
        <>
          {post.data.imageUrl && <img className="post-dialog-image" src={post.data.imageUrl} alt="" width={1200} height={630} />}
          <div className="prose user-text" dangerouslySetInnerHTML={{ __html: post.data.content }} />
          <p className="post-dialog-footer">
            <Link to={`/blogs/${summary.slug}`} className="button button-outline" onClick={onClose}>
              {t.blog.openFull}
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
  const t = useT();

  return (
    <>
      <PageHeader eyebrow={t.blog.eyebrow} title={t.blog.heading}>
        <p className="page-lead">{t.blog.lead}</p>
      </PageHeader>
      <section className="section" aria-label={t.blog.articles}>
        <div className="container">
          {posts.status === 'pending' && (
            <div aria-busy="true" aria-label={t.blog.loadingArticles}>
              <PostCardSkeleton featured />
              <div className="post-grid">
                <PostCardSkeleton />
                <PostCardSkeleton />
                <PostCardSkeleton />
              </div>
            </div>
          )}
          {posts.status === 'error' && <ErrorState message={t.blog.error} />}
          {posts.status === 'success' && published.length === 0 && <EmptyState message={t.blog.empty} />}
          {featured && (
            <>
              <h2 className="list-heading">{t.blog.featured}</h2>
              <PostCard post={featured} featured onOpen={setOpen} />
            </>
          )}
          {latest.length > 0 && (
            <>
              <h2 className="list-heading">{t.blog.latest}</h2>
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
  head: (_route, pathname, read, origin, { lang, t }) => {
    const posts = read(paths.posts) as BlogPostSummary[] | undefined;
    return pageHead(
      pathname,
      fmt(t.blog.title, { suffix: titleSuffix }),
      t.blog.description,
      [
        {
          '@context': 'https://schema.org',
          '@type': 'Blog',
          name: `${clinic.name} Blog`,
          url: `${origin}${localizePath(lang, '/blogs')}`,
          publisher: publisherJsonLd(origin),
          blogPost: (posts ?? []).map((p) => ({
            '@type': 'BlogPosting',
            headline: p.title,
            url: `${origin}${localizePath(lang, `/blogs/${p.slug}`)}`,
            datePublished: p.publishedAt ?? undefined,
          })),
        },
      ],
    );
  },
};
