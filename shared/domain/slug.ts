const MAX_SLUG_LENGTH = 80;

/** A URL slug from a blog title: lowercase ASCII words joined by hyphens, at most 80 characters, never empty. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: 'café' -> 'cafe'
    .toLowerCase()
    .replace(/['’]/g, '') // "child's" -> 'childs', not 'child-s'
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'post';
}
