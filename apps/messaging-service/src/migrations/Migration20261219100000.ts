import { Migration } from '@mikro-orm/migrations';

/**
 * Who wrote a conversation's newest message, when a person did (docs/teams.md, "Who replied"): the inbox list
 * says "You:" for the member's own reply and the author's name for a teammate's. A plain uuid beside the other
 * `last_message_*` columns, with no index, so storing a message still rewrites no index of the narrow row. The
 * newest messages already stored take their author from the message (null: the AI, the customer, or a reply
 * from before teams, which the list shows as the owner's).
 */
export class Migration20261219100000 extends Migration {
  override up(): void {
    this.addSql('alter table "conversations" add column "last_message_author_id" uuid null');
    this.addSql(`update "conversations" v set "last_message_author_id" = (m."metadata" -> 'author' ->> 'id')::uuid
                   from "messages" m
                  where m."id" = v."last_message_id" and m."metadata" -> 'author' ->> 'id' is not null`);
  }
}
