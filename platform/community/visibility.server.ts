/**
 * SQL conditions the areas that list people's posts (articles, Q&A, the circle, the reading list, points) put in their
 * queries. This file imports nothing, so any area's queries may import it without an import cycle.
 */

/** SQL condition hiding rows whose author the viewer blocked; bind the named parameter @viewer (0 for a visitor). */
export function notBlockedSql(authorColumn: string): string {
  return `${authorColumn} NOT IN (SELECT blocked_id FROM user_blacks WHERE user_id = @viewer)`;
}

/**
 * SQL condition: the viewer may see a row with this author and visibility ('public', 'self', 'followers' — people
 * who follow the author — or 'mutual' — people the author follows back). Bind @viewer (0 for a visitor).
 */
export function visibleSql(authorColumn: string, visibilityColumn: string): string {
  const viewerFollows = `EXISTS (SELECT 1 FROM user_follows WHERE follower_id = @viewer AND followee_id = ${authorColumn})`;
  const authorFollows = `EXISTS (SELECT 1 FROM user_follows WHERE follower_id = ${authorColumn} AND followee_id = @viewer)`;
  return `(${visibilityColumn} = 'public' OR ${authorColumn} = @viewer OR (${visibilityColumn} = 'followers' AND ${viewerFollows}) OR (${visibilityColumn} = 'mutual' AND ${viewerFollows} AND ${authorFollows}))`;
}
