/**
 * A campaign's audience as SQL (docs/email.md, "Audiences"): the subscriber (its tags `tags`) is in an
 * audience of the tags `audience` when the audience is empty (everyone) or the subscriber carries any of
 * them, case-insensitively. Only subscribers still `subscribed` are ever recipients; the caller says so.
 */
export function inAudience(tags: string, audience: string): string {
  return `(cardinality(${audience}) = 0
           or exists (select 1 from unnest(${tags}) as st(tag)
                       where lower(st.tag) in (select lower(at.tag) from unnest(${audience}) as at(tag))))`;
}
