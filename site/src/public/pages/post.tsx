import type { BlogPostSummary, PublishedBlogPost } from '../../../../shared/schemas/blog-post';
import { paths, usePublicData } from '../app/data';
import { DEFAULT_IMAGE, absoluteUrl, notFoundHead, pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { publisherJsonLd } from '../app/structured-data';
import { Link } from '../app/router';
import { Icon } from '../components/icons';
import { useToast } from '../components/toast';
import { formatPostDate } from '../components/ui';
import { PostCard, PostImage } from './blogs';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers, or a clipboard the page may not write: the selection-based copy.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** SPEC: the Web Share API where the device has it, else the link is copied ('Link copied!'). */
function ShareButton({ post }: { post: PublishedBlogPost }) {
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    const data = { title: post.title, text: post.excerpt, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
      } catch (err) {
        // SPEC section 8: share errors (including the visitor closing the share sheet) are only logged.
        console.info('Share did not complete:', (err as Error)?.name);
      }
      return;
    }
    if (await copyText(url)) toast({ title: 'Link copied!', description: 'Paste it anywhere to share this article.' });
    else toast({ title: 'Copy this link', description: url });
  };
  return (
    <button type="button" className="button button-outline" onClick={() => void share()}>
      <Icon name="share" size={18} />
      Share
    </button>
  );
}

export function ArticleNotFound() {
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          <Icon name="alert" size={56} />
        </p>
        <h1>Article Not Found</h1>
        <p>The article you are looking for does not exist or is no longer available.</p>
        <Link to="/blogs" className="button button-primary">
          View All Articles
        </Link>
      </div>
    </section>
  );
}

export function PostPage({ slug }: { slug: string }) {
  const post = usePublicData<PublishedBlogPost | null>(paths.post(slug));
  const list = usePublicData<BlogPostSummary[]>(paths.posts);

  if (post.status === 'pending') {
    return (
      <div className="container narrow article-skeleton" aria-busy="true" aria-label="Loading the article">
        <div className="skeleton skeleton-line skeleton-title" />
        <div className="skeleton skeleton-line skeleton-short" />
        <div className="skeleton article-image-skeleton" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line" />
      </div>
    );
  }
  if (post.status === 'error' || !post.data || !post.data.isPublished) return <ArticleNotFound />;

  const p = post.data;
  const related = (list.data ?? []).filter((r) => r.isPublished && r.slug !== p.slug).slice(0, 3);
  return (
    <>
      <article className="article">
        <header className="container narrow article-header">
          <Link to="/blogs" className="text-link back-link">
            <Icon name="arrow-left" size={18} />
            All articles
          </Link>
          <h1>{p.title}</h1>
          <p className="post-meta">
            <span>By {p.author}</span>
            {p.publishedAt && (
              <>
                <span aria-hidden="true"> · </span>
                <time dateTime={p.publishedAt}>{formatPostDate(p.publishedAt)}</time>
              </>
            )}
          </p>
          <ShareButton post={p} />
        </header>
        {p.imageUrl && (
          <div className="container article-image-wrap">
            <PostImage post={p} eager className="article-image" />
          </div>
        )}
        <div className="container narrow">
          <div className="prose" dangerouslySetInnerHTML={{ __html: p.content }} />
        </div>
      </article>
      {related.length > 0 && (
        <section className="section section-tint" aria-labelledby="related-articles">
          <div className="container">
            <h2 id="related-articles" className="list-heading">
              Related Articles
            </h2>
            <div className="post-grid">
              {related.map((r) => (
                <PostCard key={r.id} post={r} />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}

export const postPage: PageModule = {
  Page: ({ route }) => (route.name === 'post' ? <PostPage key={route.slug} slug={route.slug} /> : null),
  head: (route, pathname, read, origin) => {
    const post = route.name === 'post' ? (read(paths.post(route.slug)) as PublishedBlogPost | null | undefined) : null;
    if (post === undefined) return pageHead(pathname, `Dental Health Blog${titleSuffix}`, 'An article from our dental health blog.');
    if (!post) {
      return notFoundHead(
        'Article Not Found',
        'The article you are looking for does not exist or is no longer available. See all our dental health articles.',
        pathname,
      );
    }
    const head = pageHead(pathname, `${post.title}${titleSuffix}`, post.excerpt, [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt ?? undefined,
        author: { '@type': 'Person', name: post.author },
        image: post.imageUrl ? absoluteUrl(origin, post.imageUrl) : `${origin}${DEFAULT_IMAGE}`,
        mainEntityOfPage: `${origin}/blogs/${post.slug}`,
        publisher: publisherJsonLd(origin),
      },
    ]);
    return { ...head, ogType: 'article', image: post.imageUrl ?? DEFAULT_IMAGE };
  },
};
