import type { BlogPostSummary, PublishedBlogPost } from '../../../../shared/schemas/blog-post';
import { paths, usePublicData } from '../app/data';
import { DEFAULT_IMAGE, absoluteUrl, notFoundHead, pageHead, titleSuffix } from '../app/head';
import type { PageModule } from '../app/page-module';
import { publisherJsonLd } from '../app/structured-data';
import { Link } from '../app/router';
import { Icon } from '../components/icons';
import { useToast } from '../components/toast';
import { usePostDate } from '../components/ui';
import { fill, fmt, useT } from '../app/i18n';
import { localizePath } from '../../../../shared/i18n/types';
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
  const t = useT();
  const share = async () => {
    const url = window.location.href;
    const data = { title: post.title, text: post.excerpt, url };
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
      } catch (err) {
        // SITE-9: share errors (including the visitor closing the share sheet) are only logged.
        console.info('Share did not complete:', (err as Error)?.name);
      }
      return;
    }
    if (await copyText(url)) toast({ title: t.blog.linkCopied, description: t.blog.linkCopiedText });
    else toast({ title: t.blog.copyLink, description: url });
  };
  return (
    <button type="button" className="button button-outline" onClick={() => void share()}>
      <Icon name="share" size={18} />
      {t.blog.share}
    </button>
  );
}

export function ArticleNotFound() {
  const t = useT();
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          <Icon name="alert" size={56} />
        </p>
        <h1>{t.blog.notFound}</h1>
        <p>{t.blog.notFoundText}</p>
        <Link to="/blogs" className="button button-primary">
          {t.blog.viewAll}
        </Link>
      </div>
    </section>
  );
}

export function PostPage({ slug }: { slug: string }) {
  const post = usePublicData<PublishedBlogPost | null>(paths.post(slug));
  const list = usePublicData<BlogPostSummary[]>(paths.posts);
  const t = useT();
  const formatPostDate = usePostDate();

  if (post.status === 'pending') {
    return (
      <div className="container narrow article-skeleton" aria-busy="true" aria-label={t.blog.loadingArticle}>
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
            {t.blog.allArticles}
          </Link>
          <h1 className="user-text">{p.title}</h1>
          <p className="post-meta">
            <span>{fill(t.blog.by, { author: <span className="user-text">{p.author}</span> })}</span>
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
          <div className="prose user-text" dangerouslySetInnerHTML={{ __html: p.content }} />
        </div>
      </article>
      {related.length > 0 && (
        <section className="section section-tint" aria-labelledby="related-articles">
          <div className="container">
            <h2 id="related-articles" className="list-heading">
              {t.blog.related}
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
  head: (route, pathname, read, origin, { lang, t }) => {
    const post = route.name === 'post' ? (read(paths.post(route.slug)) as PublishedBlogPost | null | undefined) : null;
    if (post === undefined) return pageHead(pathname, fmt(t.blog.title, { suffix: titleSuffix }), t.blog.articleDescription);
    if (!post) return notFoundHead(t.blog.notFound, t.blog.notFoundDescription, pathname);
    const head = pageHead(pathname, `${post.title}${titleSuffix}`, post.excerpt, [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt ?? undefined,
        author: { '@type': 'Person', name: post.author },
        image: post.imageUrl ? absoluteUrl(origin, post.imageUrl) : `${origin}${DEFAULT_IMAGE}`,
        mainEntityOfPage: `${origin}${localizePath(lang, `/blogs/${post.slug}`)}`,
        publisher: publisherJsonLd(origin),
      },
    ]);
    return { ...head, ogType: 'article', image: post.imageUrl ?? DEFAULT_IMAGE };
  },
};
