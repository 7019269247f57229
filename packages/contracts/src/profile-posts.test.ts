import { describe, expect, it } from 'vitest';
import {
  COMMENT_BODY_MAX_LENGTH,
  createCommentBodySchema,
  createPostBodySchema,
  POST_BODY_MAX_LENGTH,
  postListQuerySchema,
  postLimits,
} from './profile-posts';

const codes = (result: { success: boolean; error?: { issues: { code: string }[] } }) =>
  result.error?.issues.map((i) => i.code) ?? [];

describe('posts and comments', () => {
  it('trims the text and keeps its line breaks', () => {
    expect(createPostBodySchema.parse({ body: '  Hello\n\nworld  ' })).toEqual({ body: 'Hello\n\nworld' });
  });

  it('bounds the lengths from the exported limits', () => {
    expect(POST_BODY_MAX_LENGTH).toBe(postLimits.body);
    expect(createPostBodySchema.safeParse({ body: 'x'.repeat(POST_BODY_MAX_LENGTH) }).success).toBe(true);
    expect(codes(createPostBodySchema.safeParse({ body: 'x'.repeat(POST_BODY_MAX_LENGTH + 1) }))).toEqual(['too_big']);
    expect(createCommentBodySchema.safeParse({ body: 'x'.repeat(COMMENT_BODY_MAX_LENGTH) }).success).toBe(true);
    expect(codes(createCommentBodySchema.safeParse({ body: 'x'.repeat(COMMENT_BODY_MAX_LENGTH + 1) }))).toEqual([
      'too_big',
    ]);
  });

  it('refuses blank text, invisible-only text and control characters', () => {
    expect(codes(createPostBodySchema.safeParse({ body: ' \n ' }))).toEqual(['too_small']);
    // A right-to-left override would disguise a link: removed, leaving nothing.
    expect(codes(createPostBodySchema.safeParse({ body: '\u202e\u200b' }))).toEqual(['too_small']);
    expect(createPostBodySchema.parse({ body: 'see \u202ehttps://a.io' })).toEqual({ body: 'see https://a.io' });
    expect(codes(createPostBodySchema.safeParse({ body: 'bell\u0007' }))).toEqual(['custom']);
    expect(codes(createPostBodySchema.safeParse({ body: 'ok', extra: 1 }))).toEqual(['unrecognized_keys']);
  });

  it('pages with a bounded limit', () => {
    expect(postListQuerySchema.parse({})).toEqual({ limit: postLimits.page });
    expect(postListQuerySchema.safeParse({ limit: String(postLimits.maxPage + 1) }).success).toBe(false);
  });
});
