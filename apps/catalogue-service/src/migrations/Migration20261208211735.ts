import { Migration } from '@mikro-orm/migrations';

/**
 * Sound keys: a product is found by how its name sounds when a customer writes it in another script or spelling
 * ("لابتوب" for "Laptop", "básquetbol" for "Basketball"; docs/catalogue.md, "Product search").
 *
 * A word's key is its consonants in classes every script shares: B (b p f v, w as a consonant), K (k c q g j), T (t d
 * th), S (s z sh ch), L, M, N, R; vowels and silent letters are gaps, since Arabic does not write its short vowels. The
 * rules are the language packs' (libs/agent, `writing.sounds`: `languages/latin-sounds.ts`, `languages/ar/sounds.ts`)
 * and must stay the same as theirs: test/product-sounds.integration-spec.ts compares this function with the agent's.
 *
 * - `sound_keys(text, false)`: a name's tokens, `<script>:<key>` for each word: one key of four classes or more per
 *   reading of w / و (a gap, a consonant) and of a Latin ending "s" (a plural or not), and a key of five classes or
 *   more also without its last class (an ending a customer may leave out: "سامسون" for "Samsung").
 * - `sound_keys(text, true)`: the tokens a message's words look for: each word's keys in the other script, and in its
 *   own only those of five classes or more (within a script the written word was compared already, and the keys of
 *   ordinary words collide with names: "nombres" and "number").
 * - `name_sounds` keeps a product's name tokens, computed on every write as the other generated columns; the GIN index
 *   is keyed by owner and token together, hashed, as the other search indexes.
 *
 * The rules run on the whole text at once (regular expressions that never cross a space), each word's key then taken
 * by its place: a few calls per text instead of a few per word.
 */
export class Migration20261208211735 extends Migration {
  override up(): void {
    this.addSql(`create function "sound_keys"("text" text, "lookup" boolean) returns text[]
                   language plpgsql immutable strict parallel safe as $$
                 declare
                   k text := catalogue_service.match_key("text");
                   words text[];
                   s text;
                   r1 text[];
                   r2 text[];
                   r3 text[];
                   r4 text[];
                   tokens text[] := '{}';
                   script text;
                   reading text;
                   candidates text[];
                   token text;
                 begin
                   if k = '' then return tokens; end if;
                   words := string_to_array(k, ' ');
                   -- Latin letter groups (languages/latin-sounds.ts), in order.
                   s := regexp_replace(k, '([a-z])\\1', '\\1', 'g');
                   s := regexp_replace(s, 's( |$)', 'Z\\1', 'g');
                   s := regexp_replace(s, 'ch(?=[lr])', 'K', 'g');
                   s := regexp_replace(s, 'tch|sh|ch', 'S', 'g');
                   s := replace(s, 'ph', 'B');
                   s := replace(s, 'th', 'T');
                   s := regexp_replace(s, 'gh(?=[aeiouy])|kh|ck|qu|gu(?=[eiy])', 'K', 'g');
                   s := replace(s, 'gh', '.');
                   s := regexp_replace(s, 'c(?=[eiy])', 'S', 'g');
                   s := replace(s, 'x', 'KS');
                   s := replace(s, 'wh', 'W');
                   -- Arabic (languages/ar/sounds.ts; "ٱ" is "ا", as the packs' letter folds have it): the article when
                   -- three letters are left, "و" beside an alef, then "تش" and "تز".
                   s := regexp_replace(translate(s, 'ٱ', 'ا'), '(^| )(وال|بال|كال|فال|لل|ال)(?=[^ ]{3})', '\\1', 'g');
                   s := regexp_replace(s, '(?<=ا)و|و(?=ا)', 'W', 'g');
                   s := regexp_replace(s, 'تش|تز', 'S', 'g');
                   -- Each letter's class; any other letter is a gap.
                   s := translate(s, 'bpfvdtszcgjkqlmnrw' || 'بپفڤتطدضثذظجكکقخغگسصزشژچلمنر',
                                     'BBBBTTSSKKKKKLMNRW' || 'BBBBTTTTTTTKKKKKKKSSSSSSLMNR');
                   s := regexp_replace(s, '[^A-Z ]', '.', 'g');
                   -- The readings of W (a gap, B) and Z (a gap, S), repeated classes as one, gaps out; each word
                   -- keeps its place.
                   r1 := string_to_array(replace(regexp_replace(translate(s, 'WZ', '..'), '([A-Z])\\1+', '\\1', 'g'), '.', ''), ' ');
                   r2 := string_to_array(replace(regexp_replace(translate(s, 'WZ', 'B.'), '([A-Z])\\1+', '\\1', 'g'), '.', ''), ' ');
                   r3 := string_to_array(replace(regexp_replace(translate(s, 'WZ', '.S'), '([A-Z])\\1+', '\\1', 'g'), '.', ''), ' ');
                   r4 := string_to_array(replace(regexp_replace(translate(s, 'WZ', 'BS'), '([A-Z])\\1+', '\\1', 'g'), '.', ''), ' ');
                   for i in 1 .. cardinality(words) loop
                     script := case when words[i] ~ '^[a-z]+$' then 'latin'
                                    when words[i] ~ '^[\\u0620-\\u064a\\u066e-\\u06d3\\u06d5\\u06fa-\\u06ff]+$' then 'arabic' end;
                     continue when script is null;
                     foreach reading in array array[r1[i], r2[i], r3[i], r4[i]] loop
                       -- (null where a one-word text reads as nothing)
                       continue when coalesce(length(reading), 0) < 4;
                       if not "lookup" then
                         -- A name's key, and without its last class (an ending a customer may leave out).
                         candidates := array[script || ':' || reading,
                                             case when length(reading) >= 5 then script || ':' || left(reading, -1) end];
                       else
                         -- A message's key, in the other script, and in its own from five classes.
                         candidates := array[case when script <> 'latin' or length(reading) >= 5 then 'latin:' || reading end,
                                             case when script <> 'arabic' or length(reading) >= 5 then 'arabic:' || reading end];
                       end if;
                       -- Each token once (a loop, not a query: this runs for every product written and every search).
                       foreach token in array candidates loop
                         if token is not null and not token = any(tokens) then tokens := tokens || token; end if;
                       end loop;
                     end loop;
                   end loop;
                   return tokens;
                 end $$`);
    // Search keys for text tokens: each hashed with its owner (owner_term_keys for lexemes).
    this.addSql(`create function "owner_text_keys"("owner" uuid, "tokens" text[]) returns int4[]
                   language sql immutable strict parallel safe
                   return array(select distinct hashtext("owner"::text || t) from unnest("tokens") t)`);
    this.addSql(`alter table "products" add column "name_sounds" text[] not null
                   generated always as (sound_keys("name", false)) stored`);
    this.addSql(`create index "products_name_sounds_idx" on "products"
                   using gin (owner_text_keys("owner_id", "name_sounds")) with (gin_pending_list_limit = 128)`);
  }
}
