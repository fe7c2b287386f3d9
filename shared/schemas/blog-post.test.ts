import { describe, expect, it } from 'vitest';
import { blogPostSchema } from './blog-post';
import { fieldErrors } from './test-helpers';

describe('blogPostSchema', () => {
  it('gives the spec messages', () => {
    expect(fieldErrors(blogPostSchema, { title: ' ', excerpt: '', content: '' })).toEqual({
      title: 'Title is required',
      excerpt: 'Excerpt is required',
      content: 'Content is required',
    });
  });

  it('defaults to a draft and accepts image addresses', () => {
    const post = blogPostSchema.parse({ title: 'Brushing', excerpt: 'How to', content: '<p>Hi</p>', imageUrl: '' });
    expect(post).toMatchObject({ isPublished: false, imageUrl: null });
    expect(blogPostSchema.parse({ ...post, imageUrl: '/media/12' }).imageUrl).toBe('/media/12');
    expect(blogPostSchema.parse({ ...post, imageUrl: 'https://cdn.example/a.jpg' }).imageUrl).toBe('https://cdn.example/a.jpg');
  });

  it('refuses unsafe image addresses and oversized titles', () => {
    const base = { title: 'T', excerpt: 'E', content: 'C' };
    expect(fieldErrors(blogPostSchema, { ...base, imageUrl: 'javascript:alert(1)' }).imageUrl).toBe(
      'Please enter a valid image URL',
    );
    expect(fieldErrors(blogPostSchema, { ...base, imageUrl: '//evil.example/x.png' }).imageUrl).toBe(
      'Please enter a valid image URL',
    );
    expect(fieldErrors(blogPostSchema, { ...base, title: 't'.repeat(201) }).title).toBe('Title must be at most 200 characters');
  });
});
