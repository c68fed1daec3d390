import { describe, expect, it } from 'vitest';
import { createSlugger, headingSlug, headingText } from './heading-slug';

describe('headingSlug', () => {
  it('makes GitHub-style anchors', () => {
    expect(headingSlug('Deploying: Docker image, Compose, Helm')).toBe('deploying-docker-image-compose-helm');
    expect(headingSlug('How the fast path is fast (and still the same code)')).toBe('how-the-fast-path-is-fast-and-still-the-same-code');
    expect(headingSlug('snake_case and kebab-case')).toBe('snake_case-and-kebab-case');
    expect(headingSlug('Merchants, sessions and payments (API)')).toBe('merchants-sessions-and-payments-api');
  });

  it('numbers repeated headings -1, -2 in order', () => {
    const slug = createSlugger();
    expect(['Notes', 'Notes', 'Notes', 'Notes-1'].map(slug)).toEqual(['notes', 'notes-1', 'notes-2', 'notes-1-1']);
  });

  it('takes the rendered text of inline markup', () => {
    expect(headingText('The `vault doctor` **command** and [links](x.md)')).toBe('The vault doctor command and links');
  });
});
