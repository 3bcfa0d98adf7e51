// If-Match (RFC 9110 13.1.1): an edit names the version it started from, and is refused (412)
// when the resource has moved on. The strong comparison: a weak tag (W/…) never matches, `*`
// matches any current version. A route declares the header (the edge copies only those) and
// hands `startedFrom` to its service, which asks it inside its compare-and-set.

/** The request header an editing route reads. */
export const IF_MATCH_HEADERS = ['if-match'] as const;

/** The header as the OpenAPI document lists it on the routes that read it. */
export const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'the ETag of the answer the edit started from (or `*`): 412 PRECONDITION_FAILED, naming who saved since, when it is no longer current; without it the edit applies to whatever is current',
  schema: { type: 'string', pattern: '^[\\x20-\\x7e]*$' },
};

/**
 * The check an If-Match header asks for, given how a version is written as a tag; undefined when
 * there is no header (the edit applies to any version). A value that names no tag matches none.
 */
export function startedFrom<V>(header: string | undefined, tagOf: (version: V) => string): ((version: V) => boolean) | undefined {
  if (header === undefined) return undefined;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return () => true;
  return (version) => tags.includes(tagOf(version));
}
