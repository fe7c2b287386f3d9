import sanitizeHtml from 'sanitize-html';

// BLOG-5: blog content is HTML written in the admin's editor. It is cleaned with an explicit allow-list
// before it is stored and again before it is served, so no script, event handler, javascript: link,
// frame, form or style ever reaches a reader, whatever is already in the table.

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const text = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'code', 'pre', 'hr'];
const lists = ['ul', 'ol', 'li'];
const tables = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

/** An image source a reader's browser may fetch: an absolute http(s) URL or one of our own image folders. */
const SAFE_IMG_SRC = /^(https?:\/\/[^\s\\]+|\/(media|images)\/(?!.*\.\.)[A-Za-z0-9._~/-]+)$/i;
const DIMENSION = /^\d{1,4}$/;
const SPAN = /^\d{1,3}$/;

const options: sanitizeHtml.IOptions = {
  allowedTags: [...headings, ...text, ...lists, ...tables, 'a', 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Links: web, mail and phone only (relative links to our own pages have no scheme and stay).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Disallowed tags go, their text stays; script/style/textarea and the like go with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target !== undefined && next.target !== '_blank') delete next.target;
      // A link that opens a new tab must not hand the reader's tab to the other site.
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next = { ...attribs };
      for (const key of ['width', 'height'] as const) {
        if (next[key] !== undefined && !DIMENSION.test(next[key].trim())) delete next[key];
      }
      return { tagName, attribs: next };
    },
    th: keepNumericSpans,
    td: keepNumericSpans,
  },
  // An <img> without a safe source is dropped entirely (no broken or tracking images).
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMG_SRC.test((frame.attribs.src ?? '').trim()),
};

function keepNumericSpans(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const next = { ...attribs };
  for (const key of ['colspan', 'rowspan'] as const) {
    if (next[key] !== undefined && !SPAN.test(next[key].trim())) delete next[key];
  }
  if (next.scope !== undefined && !['row', 'col', 'rowgroup', 'colgroup'].includes(next.scope)) delete next.scope;
  return { tagName, attribs: next };
}

/** The blog HTML a reader may receive. Idempotent: cleaning clean HTML changes nothing. */
export function sanitizeBlogHtml(dirty: string): string {
  return sanitizeHtml(dirty, options);
}
